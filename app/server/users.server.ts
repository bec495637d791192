/** Users: creation and lookups. New users follow SPEC: type 'user', status 'new', activegoals 0. */
import { eq } from "drizzle-orm";
import { newId } from "#app/lib/ids";
import { users, type User, type UserType } from "#drizzle/schema";
import type { Database } from "./db.server";
import { hashPassword } from "./password.server";

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

export interface NewUser {
  first: string;
  last: string;
  email: string;
  password?: string;
  type?: UserType;
}

export async function createUser(db: Database, input: NewUser): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const [user] = await db
      .insert(users)
      .values({
        id: newId(),
        first: input.first.trim(),
        last: input.last.trim(),
        email,
        type: input.type ?? "user",
        passwordHash,
      })
      .returning();
    return user!;
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (String((error as Error)?.message ?? error).includes("UNIQUE")) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/** The sign-in account's display name: first name plus last name (SPEC section 3). */
export const displayName = (user: Pick<User, "first" | "last">) => `${user.first} ${user.last}`;
