/**
 * The access matrix: every route of the app (GET, and each form action with a POST) requested as
 * anonymous, member, org and admin, with the status each must answer. Zero mismatches.
 *
 * Adding a route? Add a row: `page(path, ACCESS)` for a GET, `action(path, body, ACCESS)` for a POST.
 * Expectations are a status number or "→/path" for a redirect to that path.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get, post, setType } from "../support/http";
import { signedInUser } from "../support/factories";
import { previewDigest } from "#app/features/admin/admin-communication.server";

const MATRIX_MESSAGE = { audience: "admin", subject: "Matrix", body: "Hello" } as const;

type Role = "anonymous" | "member" | "org" | "admin";
type Outcome = number | `→${string}`;
type Access = Record<Role, Outcome>;
interface Row {
  method: "GET" | "POST";
  path: string | (() => string);
  body?: Record<string, string> | (() => Record<string, string>);
  expect: Access;
  /** The request ends the session (sign-out): use a fresh one for it. */
  freshSession?: boolean;
}

const ROLES: Role[] = ["anonymous", "member", "org", "admin"];

// The access rules, by audience.
const EVERYONE: Access = { anonymous: 200, member: 200, org: 200, admin: 200 };
const GUEST_ONLY: Access = { anonymous: 200, member: "→/main", org: "→/main", admin: "→/main" };
const LOGGED_IN: Access = { anonymous: "→/", member: 200, org: 200, admin: 200 };
const ADMIN_ONLY: Access = { anonymous: "→/", member: 403, org: 403, admin: 200 };
const NOT_FOUND: Access = { anonymous: 404, member: 404, org: 404, admin: 404 };
const admin = (adminOutcome: Outcome): Access => ({ ...ADMIN_ONLY, admin: adminOutcome });
const same = (outcome: Outcome): Access => ({ anonymous: outcome, member: outcome, org: outcome, admin: outcome });

const page = (path: Row["path"], access: Access): Row => ({ method: "GET", path, expect: access });
const action = (path: Row["path"], body: Row["body"], access: Access, extra: Partial<Row> = {}): Row => ({
  method: "POST",
  path,
  body,
  expect: access,
  ...extra,
});

// Fixtures the rows refer to (created in beforeAll).
const fixture = { userId: "", previewed: "" };

const ROWS: Row[] = [
  // Visitor screens
  page("/", GUEST_ONLY),
  page("/marketing", EVERYONE),
  page("/signup", EVERYONE),
  page("/tester", EVERYONE),
  page("/signin", GUEST_ONLY),
  page("/404", NOT_FOUND),
  page("/no-such-page", NOT_FOUND),
  action("/signin", { email: "", password: "" }, { ...GUEST_ONLY, anonymous: 400 }),
  action("/tester", { first: "", last: "", email: "", password: "" }, same(400)),
  action("/signout", {}, same("→/signin"), { freshSession: true }),
  page("/signout", same("→/main")),

  // Member screens
  page("/main", LOGGED_IN),
  page("/bar", LOGGED_IN),
  page("/completedgoals", LOGGED_IN),
  page("/goals/find?q=walk&page=2", LOGGED_IN),
  page("/challenges", { anonymous: "→/", member: 403, org: 200, admin: 200 }),
  // A visitor sees a preview of what they may see (ADR 262), the same for a goal hidden from them.
  page("/join/matrix-open", { ...LOGGED_IN, anonymous: 200 }),
  page("/active/matrix-open", LOGGED_IN),
  page("/join/no-such-goal", { anonymous: 200, member: "→/404", org: "→/404", admin: "→/404" }),
  page("/active/no-such-goal", { ...LOGGED_IN, member: "→/404", org: "→/404", admin: "→/404" }),
  // Joining lands on the goal; completing (every role was put in matrix-joined) lands on Completed Goals.
  action(
    "/join/matrix-open",
    {},
    { ...LOGGED_IN, member: "→/active/matrix-open", org: "→/active/matrix-open", admin: "→/active/matrix-open" },
  ),
  action(
    "/active/matrix-joined",
    { intent: "complete" },
    { ...LOGGED_IN, member: "→/completedgoals", org: "→/completedgoals", admin: "→/completedgoals" },
  ),

  // The member's own account (ADR 180).
  page("/profile/password", LOGGED_IN),
  page("/profile/email", LOGGED_IN),
  page("/profile/delete", LOGGED_IN),
  page("/profile/data.json", LOGGED_IN),
  page("/profile/picture", {
    ...LOGGED_IN,
    anonymous: "→/profile",
    member: "→/profile",
    org: "→/profile",
    admin: "→/profile",
  }),
  page(`/profile/email/${"x".repeat(43)}`, same(410)),
  action("/profile/password", { current: "", password: "" }, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  action("/profile/email", { email: "", current: "" }, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  action("/profile/delete", { confirm: "" }, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  // Friends and notifications (ADR 181, 182).
  page("/friends", LOGGED_IN),
  page("/notifications", LOGGED_IN),
  page(`/friends/add/${"x".repeat(22)}`, same(404)),
  action("/friends", { intent: "invite", email: "" }, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  action(`/friends/add/${"x".repeat(22)}`, {}, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  action(
    "/notifications",
    {},
    { ...LOGGED_IN, member: "→/notifications", org: "→/notifications", admin: "→/notifications" },
  ),
  // Notification e-mail (ADR 187): the switches are the member's; unsubscribe links work signed out.
  page("/profile/notifications", LOGGED_IN),
  action("/profile/notifications", { cheer: "maybe" }, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  page(`/unsubscribe/cheer:nobody.${"x".repeat(43)}`, same(404)),
  action(`/unsubscribe/cheer:nobody.${"x".repeat(43)}`, {}, same(404)),
  // Personal goals (ADR 183): any member starts one; a friends goal is joined only by its creator's
  // friends and invitees (matrix-friends belongs to a member none of the roles is friends with; its
  // pages answer exactly as a goal that does not exist, so its existence is not told).
  page("/goals/new", LOGGED_IN),
  action("/goals/new", { cause: "" }, { ...LOGGED_IN, member: 400, org: 400, admin: 400 }),
  page("/join/matrix-friends", { anonymous: 200, member: "→/404", org: "→/404", admin: "→/404" }),
  page("/active/matrix-friends", { ...LOGGED_IN, member: "→/404", org: "→/404", admin: "→/404" }),
  action("/join/matrix-friends", {}, { ...LOGGED_IN, member: "→/404", org: "→/404", admin: "→/404" }),
  action("/join/no-such-goal", {}, { ...LOGGED_IN, member: "→/404", org: "→/404", admin: "→/404" }),
  page("/events?topics=goal:matrix-friends", { ...LOGGED_IN, anonymous: 401, member: 403, org: 403 }),
  // Share (ADR 184): any goal one can see; only the owner replaces a private or friends goal's link.
  page("/goals/matrix-open/share", LOGGED_IN),
  page("/goals/matrix-friends/share", { ...LOGGED_IN, member: 404, org: 404, admin: 404 }),
  page("/goals/no-such-goal/share", { ...LOGGED_IN, member: 404, org: 404, admin: 404 }),
  action("/goals/matrix-open/share", { intent: "revoke" }, { ...LOGGED_IN, member: 403, org: 403, admin: 403 }),
  action("/goals/matrix-friends/share", { intent: "revoke" }, { ...LOGGED_IN, member: 404, org: 404, admin: 404 }),
  // A goal's progress measure (ADR 140): its org and admins; matrix-open belongs to the site.
  page("/goals/matrix-open/measure", ADMIN_ONLY),
  // The org's downloads (ADR 140): matrix-open belongs to the site, so only admins manage it.
  page("/goals/matrix-open/participants.csv", ADMIN_ONLY),
  page("/goals/matrix-open/pledges.csv", ADMIN_ONLY),
  // The organiser's entries page (ADR 145): matrix-open tracks no progress, so there is nothing to remove.
  page("/goals/matrix-open/entries", ADMIN_ONLY),
  action("/goals/matrix-open/entries", { intent: "remove-entry", entryId: "x" }, admin(409)),
  action(
    "/goals/matrix-open/measure",
    { intent: "measure", unit: "km", unitTarget: "10" },
    admin("→/goals/matrix-open/measure"),
  ),

  // The end-of-challenge summary and certificate (ADR 274): a member's own, of a measured goal; matrix-open
  // is still running, so its summary says when it comes and there is no certificate yet.
  page("/goals/matrix-open/summary", LOGGED_IN),
  page("/goals/matrix-open/certificate.png", { ...LOGGED_IN, member: 404, org: 404, admin: 404 }),

  // Teams (ADR 270): anyone who sees the goal sees its teams; only its org and admins change the
  // settings; matrix-friends is seen by none of the roles but admins (403), matrix-open has no teams yet (409, 404).
  page("/goals/matrix-open/teams", LOGGED_IN),
  page("/goals/matrix-friends/teams", { ...LOGGED_IN, member: 403, org: 403 }),
  page("/goals/matrix-open/teams/no-such-team", { ...LOGGED_IN, member: 404, org: 404, admin: 404 }),
  action(
    "/goals/matrix-open/teams",
    { intent: "create", name: "Matrix" },
    { ...LOGGED_IN, member: 409, org: 409, admin: 409 },
  ),
  action(
    "/goals/matrix-open/teams",
    { intent: "settings", teamRanking: "total" },
    { ...LOGGED_IN, member: 403, org: 403, admin: "→/goals/matrix-open/teams" },
  ),

  // Admin screens: 403 for everyone but admins, on GET and on every POST.
  page("/admin", admin("→/admin/users")),
  page("/admin/users", ADMIN_ONLY),
  page("/admin/users/manage", ADMIN_ONLY),
  page("/admin/users?q=a&type=org&status=active&sort=name", ADMIN_ONLY),
  page("/admin/audit", ADMIN_ONLY),
  page("/admin/goals", ADMIN_ONLY),
  page("/admin/goals?show=all", ADMIN_ONLY),
  page("/admin/goals/matrix-open", ADMIN_ONLY),
  page("/admin/goals/no-such-goal", admin("→/404")),
  action("/admin/goals/matrix-open", { cause: "Matrix matrix-open", visibility: "public" }, ADMIN_ONLY),
  page("/admin/access", ADMIN_ONLY),
  page("/admin/access/requests.csv", ADMIN_ONLY),
  action("/admin/access", { intent: "early-access", mode: "open" }, ADMIN_ONLY),
  action("/admin/access", { intent: "support-email", supportEmail: "support@goalswithfriends.app" }, ADMIN_ONLY),
  action("/admin/access", { intent: "invite", requestId: "matrix-request" }, ADMIN_ONLY),
  // Single-fetch data requests reach a child loader without its parent: each loader checks itself.
  // (Single fetch answers a redirect with 202 and the target in the body.)
  page("/admin/users.data?_routes=routes/admin.users._index", { ...ADMIN_ONLY, anonymous: 202 }),
  action(
    "/admin/users",
    () => ({ intent: "change-user", userId: fixture.userId, type: "user", status: "new" }),
    ADMIN_ONLY,
  ),
  action(
    "/admin/users/manage",
    () => ({ intent: "change-user", userId: fixture.userId, type: "user", status: "new" }),
    ADMIN_ONLY,
  ),
  page("/admin/users/add-user", ADMIN_ONLY),
  action(
    "/admin/users/add-user",
    () => ({ first: "Matrix", last: "Row", email: uniqueEmail(), type: "user" }),
    ADMIN_ONLY,
  ),
  page("/admin/users/communication", ADMIN_ONLY),
  action(
    "/admin/users/communication",
    { intent: "preview", audience: "all", subject: "Hi", body: "Hello" },
    ADMIN_ONLY,
  ),
  // Sending what was previewed (ADR 164) answers with a redirect to the record of what was sent.
  action(
    "/admin/users/communication",
    () => ({ intent: "send", ...MATRIX_MESSAGE, previewed: fixture.previewed }),
    admin("→/admin/users/communication"),
  ),
];

let emails = 0;
const uniqueEmail = () => `matrix${Date.now()}-${++emails}@example.com`;

const sessions = new Map<Role, string>();
const idOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function freshSession(role: Role): Promise<string> {
  if (role === "anonymous") return "";
  const user = await signedInUser({ first: role });
  if (role !== "member") await setType(user.email, role === "org" ? "org" : "admin");
  // Every signed-in role pursues matrix-joined, so each can complete it.
  await env.DB.prepare("INSERT OR IGNORE INTO user_goals (user_id, goal_id, completed) VALUES (?, 'matrix-joined', 0)")
    .bind(await idOf(user.email))
    .run();
  return user.cookie;
}

beforeAll(async () => {
  for (const id of ["matrix-open", "matrix-joined"]) {
    await env.DB.prepare('INSERT OR IGNORE INTO goals (id, cause, start, "end") VALUES (?, ?, ?, ?)')
      .bind(id, `Matrix ${id}`, day(-5), day(30))
      .run();
  }
  await env.DB.prepare(
    "INSERT OR IGNORE INTO early_access_requests (id, name_first, name_last, location_city, location_state, email) VALUES ('matrix-request', 'Mat', 'Rix', 'York', 'North Yorkshire', 'matrix-request@example.com')",
  ).run();
  const creator = await signedInUser({ first: "Creator" });
  await env.DB.prepare(
    "INSERT OR IGNORE INTO goals (id, cause, start, \"end\", visibility, org_id) VALUES ('matrix-friends', 'Matrix friends', ?, ?, 'friends', ?)",
  )
    .bind(day(-5), day(30), creator.id)
    .run();
  for (const role of ROLES) sessions.set(role, await freshSession(role));
  fixture.userId = await idOf((await signedInUser({ first: "Target" })).email);
  fixture.previewed = await previewDigest(MATRIX_MESSAGE);
});

function outcomeOf(response: Response): Outcome {
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("Location") ?? "";
    return `→${new URL(location, "http://localhost").pathname}`;
  }
  return response.status;
}

describe("access matrix", () => {
  it("answers every route, for every role, as the table says (zero mismatches)", async () => {
    const mismatches: string[] = [];
    for (const row of ROWS) {
      const path = typeof row.path === "function" ? row.path() : row.path;
      for (const role of ROLES) {
        const cookie = row.freshSession ? await freshSession(role) : sessions.get(role)!;
        const response =
          row.method === "GET"
            ? await get(path, cookie || undefined)
            : await post(path, typeof row.body === "function" ? row.body() : (row.body ?? {}), cookie || undefined);
        await response.body?.cancel();
        const got = outcomeOf(response);
        if (got !== row.expect[role])
          mismatches.push(`${row.method} ${path} as ${role}: expected ${row.expect[role]}, got ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
