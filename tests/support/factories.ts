/**
 * Rows straight into the test D1, from the factories (drizzle/factories.ts), for integration tests.
 *
 *   const { cookie, id, email } = await signedInUser({ type: "admin" }); // a user and a live session
 *   const member = await createUser({ first: "Mo" });                    // a user, no session
 *   const goal = await createGoal({ visibility: "private", orgId: id });
 *   await join(id, goal.id);                                             // keeps activegoals right
 *
 * No password is hashed: users carry the precomputed hash of TEST_PASSWORD, so signing in with it
 * through /signin still works. Use signUpUser (./http.ts) only where the sign-up itself is under test.
 */
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { createDb } from "#app/platform/db/db.server";
import {
  goalRow,
  membershipRow,
  messageRow,
  pledgeRow,
  userRow,
  type NewGoal,
  type NewMembership,
  type NewMessage,
  type NewPledge,
  type NewUser,
} from "#drizzle/factories";
import { friendships, goals, messages, pledges, userGoals, users } from "#drizzle/schema";
import { post } from "./http";

export { TEST_PASSWORD, dayFromToday, uniqueId } from "#drizzle/factories";

const db = () => createDb(env.DB);

export async function createUser(overrides: Partial<NewUser> = {}) {
  const [user] = await db().insert(users).values(userRow(overrides)).returning();
  return user!;
}

export interface SignedInOptions {
  first?: string;
  last?: string;
  email?: string;
  type?: "user" | "org" | "admin";
  status?: "new" | "active" | "suspended";
  color?: string;
  /** Goals the user already pursues. */
  join?: string[];
}

/**
 * A fresh user and the cookie of a live session: what signUpUser gives, without the form. Made by
 * POST /dev/users (the e2e fixtures' route), so the cookie is signed by the app's own session storage.
 */
export async function signedInUser(options: SignedInOptions = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) {
    if (key === "join") for (const goal of value as string[]) body.append("join", goal);
    else if (value !== undefined) body.append(key, String(value));
  }
  const response = await post("/dev/users", body);
  if (response.status !== 200) throw new Error(`POST /dev/users: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string; email: string; cookie: { name: string; value: string } };
  return { id: user.id, email: user.email, cookie: `${user.cookie.name}=${user.cookie.value}` };
}

export async function createGoal(overrides: Partial<NewGoal> = {}) {
  const [goal] = await db().insert(goals).values(goalRow(overrides)).returning();
  return goal!;
}

/** The user pursues the goal; `users.activegoals` follows in the same batch (SPEC invariant). */
export async function join(userId: string, goalId: string, overrides: Partial<NewMembership> = {}) {
  await db().batch([
    db()
      .insert(userGoals)
      .values(membershipRow(userId, goalId, overrides)),
    db()
      .update(users)
      .set({
        activegoals: sql`(SELECT count(*) FROM ${userGoals} WHERE ${userGoals.userId} = ${userId} AND ${userGoals.completed} = 0)`,
      })
      .where(eq(users.id, userId)),
  ]);
}

export async function createPledge(goalId: string, overrides: Partial<NewPledge> = {}) {
  const [pledge] = await db().insert(pledges).values(pledgeRow(goalId, overrides)).returning();
  return pledge!;
}

export async function createMessage(goalId: string, userId: string | null, overrides: Partial<NewMessage> = {}) {
  const [message] = await db()
    .insert(messages)
    .values(messageRow(goalId, userId, overrides))
    .returning();
  return message!;
}

/** Two members become friends: both rows of the friendship (ADR 182), in one batch. */
export async function befriend(userId: string, friendId: string) {
  await db().batch([
    db().insert(friendships).values({ userId, friendId }),
    db().insert(friendships).values({ userId: friendId, friendId: userId }),
  ]);
}
