/**
 * Fresh users for e2e tests, already signed in, without the sign-up form. Two ways to use them:
 *
 *   import { expect, test } from "./fixtures";
 *
 *   // 1. The `user` fixture: a fresh member (type "user", status "new", no goals); `page` is theirs.
 *   test("sees their name", async ({ page, user }) => {
 *     await page.goto("/main");
 *     await expect(page.getByRole("banner").getByText(user.first)).toBeVisible();
 *   });
 *   test.describe("as an org", () => {
 *     test.use({ userOptions: { type: "org", first: "Olga", join: ["goal-running"] } });
 *     test("...", async ({ page, user }) => {});
 *   });
 *
 *   // 2. Functions, for several people or helpers outside a test (any `test` import works):
 *   const admin = await signInNew(page, { type: "admin" }); // create + sign `page` in + open /main
 *   const member = await createUser(page.request);          // exists, signed in nowhere
 *   await signInAs(otherPage, member);                     // `otherPage`'s context is now theirs
 *
 * Options (all optional): first, last, email, type ("user" | "org" | "admin"), status, color, join (goal
 * ids the user already pursues; the seed's goals are in scripts/seed.mjs). Every user has a unique
 * e-mail and the password `user.password`, so a real sign-in through /signin works too.
 *
 * How: POST /dev/users (routes/dev.users.tsx, development only, 404 in production) inserts the user and a
 * session row from the factories (drizzle/factories.ts) in one batch and answers the signed session
 * cookie. One request of a few milliseconds instead of the sign-up form's 100,000 PBKDF2 rounds and two
 * page loads. Keep a few real sign-up/sign-in journeys (auth.spec.ts, visitor.spec.ts) and use these
 * everywhere else. The e2e state is a temp dir per run: nothing to clean up.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";

export interface UserOptions {
  first?: string;
  last?: string;
  email?: string;
  type?: "user" | "org" | "admin";
  status?: "new" | "active" | "suspended";
  color?: string;
  join?: string[];
}

export interface TestUser {
  id: string;
  email: string;
  first: string;
  last: string;
  type: "user" | "org" | "admin";
  password: string;
  cookie: { name: string; value: string };
}

/**
 * Creates a user (and a session). `request` is whose cookie jar receives the session: `page.request`
 * signs that page's context in as well; the `request` fixture signs nobody in.
 */
export async function createUser(request: APIRequestContext, options: UserOptions = {}): Promise<TestUser> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) {
    if (key === "join") for (const goal of value as string[]) form.append("join", goal);
    else if (value !== undefined) form.append(key, String(value));
  }
  const response = await request.post("/dev/users", {
    data: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  if (!response.ok()) throw new Error(`POST /dev/users: ${response.status()} ${await response.text()}`);
  return (await response.json()) as TestUser;
}

/** Signs a page (or a whole browser context) in as `user`: their session cookie goes into its jar. */
export async function signInAs(target: Page | BrowserContext, user: TestUser) {
  const context = "context" in target ? target.context() : target;
  await context.addCookies([
    { ...user.cookie, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax", secure: false },
  ]);
}

/** A fresh user signed in on `page`, which then opens /main (where the sign-up form used to land). */
export async function signInNew(page: Page, options: UserOptions = {}): Promise<TestUser> {
  const user = await createUser(page.request, options);
  await page.goto("/main");
  await expect(page).toHaveURL(/\/main$/);
  return user;
}

/**
 * A browser context of its own (JavaScript on or off), signed in as a fresh user: for tests with several
 * people at once. `close` ends the context.
 */
export async function signedInPage(browser: Browser, options: UserOptions = {}, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const user = await createUser(context.request, options);
  return { page, user, close: () => context.close() };
}

interface Fixtures {
  /** Options for the `user` fixture: `test.use({ userOptions: { type: "admin" } })`. */
  userOptions: UserOptions;
  /** A fresh user; the test's `page` (and `context`) is signed in as them. */
  user: TestUser;
}

export const test = base.extend<Fixtures>({
  userOptions: [{}, { option: true }],
  user: async ({ context, userOptions }, provide) => {
    await provide(await createUser(context.request, userOptions));
  },
});

export { expect };
