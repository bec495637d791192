import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "#app/components/hooks/useHydrated";
import { CopyLink } from "#app/components/CopyLink";
import { FLASH } from "#app/lib/flash";
import { redirectWithFlash } from "#app/platform/session/flash.server";
import { revokeInvites } from "#app/features/goals/invites.server";
import { RevokeInvite } from "#app/features/goals/InviteLink";
import { requireUser } from "#app/platform/session/session.server";
import { shareView } from "#app/features/goals/share.server";
import fundraisingStyles from "#app/styles/fundraising.css";
import memberStyles from "#app/styles/member.css";
import { notFound } from "#app/platform/http/http-errors.server";
import { cardMeta } from "#app/features/cards/cards";
import { memberCardUrls } from "#app/features/cards/cards.server";
import { ShareCard } from "#app/features/cards/ShareCard";
import { screenMeta } from "#app/lib/meta";
import { revokeInviteSchema } from "#app/features/fundraising/fundraising.schema";
import { formRefused } from "#app/platform/http/form-answer.server";
import { readIntentForm } from "#app/platform/http/intent-form.server";
import { stylesheet } from "#app/lib/stylesheet";

export const links: LinksFunction = () => [stylesheet(memberStyles), stylesheet(fundraisingStyles)];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...screenMeta(`Share${data ? ` ${data.goal.cause}` : ""}`, {
    description: "Share a goal with the people you want in it.",
  }),
  // The member's card (ADR 272): the image a pasted link of this page would unfurl as.
  ...(data?.card ? cardMeta(`Share ${data.goal.cause}`, data.goal.cause, data.card.wide) : []),
];

/** A goal the viewer cannot see is not described: the same 404 as one that does not exist. */
async function viewOrNotFound(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const user = await requireUser(request, context);
  const view = await shareView(request, context, user, id);
  if (!view) throw notFound();
  return { ...view, viewerId: user.id };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { viewerId, ...view } = await viewOrNotFound(request, context, params.id!);
  return { ...view, card: await memberCardUrls(request, context, view.goal.id, viewerId) };
}

/** Replace the invite link (its owner only): every link shared so far stops working (ADR 061, 184). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const view = await viewOrNotFound(request, context, params.id!);
  const form = await readIntentForm(request, { revoke: revokeInviteSchema });
  if (!form.intent) return formRefused("Unknown action.", 400);
  if (!view.canRevoke) return formRefused("Only the goal's owner can replace its link.", 403);
  await revokeInvites(context, view.goal.id);
  throw await redirectWithFlash(context.cloudflare.env, `/goals/${view.goal.id}/share`, FLASH.inviteRevoked);
}

export default function ShareGoalRoute() {
  const { goal, url, signed, canRevoke, card } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  return (
    <main className="member-page">
      <h1>Share {goal.cause}</h1>
      <p className="member-page__lead">
        {signed
          ? goal.visibility === "friends"
            ? "Only your friends can find this goal. Send this link to anyone else you want in it: whoever opens it can join."
            : "This goal is private. Whoever opens this link can join it."
          : "Anyone with an account can find and join this goal. Send them its address."}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <section className="card invite" aria-labelledby="share-link-title">
        <h2 id="share-link-title">{signed ? "Invite link" : "Link to the goal"}</h2>
        <CopyLink id="share-url" label={signed ? "Invite link" : "Link to the goal"} url={url} />
        <NativeShare title={goal.cause} url={url} />
        {canRevoke ? (
          <>
            <p>Shared it with the wrong person? A new link stops every link shared so far.</p>
            <RevokeInvite button="Make a new link" />
          </>
        ) : null}
      </section>
      {card ? <ShareCard cause={goal.cause} card={card} /> : null}
      <p>
        <Link to={`/active/${goal.id}`} className="back-link">
          Back to the goal
        </Link>
      </p>
    </main>
  );
}

/** The device's own share sheet, where there is one (phones); the link above works everywhere. */
function NativeShare({ title, url }: { title: string; url: string }) {
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  if (!hydrated || typeof navigator === "undefined" || !("share" in navigator) || failed) return null;
  return (
    <button
      type="button"
      className="button"
      onClick={() =>
        navigator.share({ title, url }).catch((e: unknown) => setFailed((e as Error).name !== "AbortError"))
      }
    >
      Share…
    </button>
  );
}
