import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { UsersScreen } from "#app/features/admin/UsersScreen";
import { usersScreenAction, usersScreenLoader } from "#app/features/admin/admin-users.server";
import { screenMeta } from "#app/lib/meta";

/** SPEC: /admin/users/manage is the same screen as /admin/users. */
export const meta: MetaFunction = () => screenMeta("Users", { section: "Admin" });

export const loader = (args: LoaderFunctionArgs) => usersScreenLoader(args);

export const action = (args: ActionFunctionArgs) => usersScreenAction(args);

export default UsersScreen;
