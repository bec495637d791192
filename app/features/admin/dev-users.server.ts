/**
 * Development only (the e2e fixtures, tests/e2e/fixtures.ts): creates a user from the factories and a
 * live session for them in one batch, and returns the signed session cookie, so a test starts signed
 * in without paying for the sign-up form (100,000 PBKDF2 rounds) or a sign-in through the UI.
 * The route that calls it (routes/dev.users.tsx) answers 404 unless ENVIRONMENT is "development".
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { membershipRow, sessionRow, TEST_PASSWORD, userRow } from "#drizzle/factories";
import { sessions, userGoals, users } from "#drizzle/schema";
import { sessionStorage } from "#app/platform/session/session.server";

const text = (max: number) => z.string().trim().min(1).max(max, { abort: true });

export const devUserSchema = z.object({
  first: text(50).optional(),
  last: text(50).optional(),
  email: z.string().trim().max(254, { abort: true }).email().optional(),
  type: z.enum(["user", "org", "admin"]).optional(),
  status: z.enum(["new", "active", "suspended"]).optional(),
  color: z
    .string()
    .max(7, { abort: true })
    .regex(/^#[0-9a-f]{6}$/i)
    .optional(),
  /** Goals the user already pursues (repeat the field for several). */
  join: z.array(z.string().max(64, { abort: true })).max(20),
});

export type DevUser = {
  id: string;
  email: string;
  first: string;
  last: string;
  type: "user" | "org" | "admin";
  password: string;
  /** The signed `__session` cookie's value, for a browser context's cookie jar. */
  cookie: { name: string; value: string };
  /** The whole Set-Cookie header, for the route's answer. */
  setCookie: string;
};

export async function createDevUser(context: AppLoadContext, input: z.infer<typeof devUserSchema>): Promise<DevUser> {
  const { join, ...overrides } = input;
  const user = userRow({ ...overrides, activegoals: join.length });
  const session = sessionRow(user.id);
  const db = context.db;
  await db.batch([
    db.insert(users).values(user),
    db.insert(sessions).values(session),
    ...join.map((goalId) => db.insert(userGoals).values(membershipRow(user.id, goalId))),
  ]);
  const storage = sessionStorage(context.cloudflare.env);
  const cookieSession = await storage.getSession();
  cookieSession.set("sessionId", session.id!);
  const header = await storage.commitSession(cookieSession);
  const [name, ...value] = header.split(";")[0]!.split("=");
  return {
    id: user.id,
    email: user.email,
    first: user.first,
    last: user.last,
    type: user.type ?? "user",
    password: TEST_PASSWORD,
    cookie: { name: name!, value: value.join("=") },
    setCookie: header,
  };
}
