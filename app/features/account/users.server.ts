/** Users: creation and lookups. New users follow SPEC: type 'user', status 'new', activegoals 0. */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "#app/lib/ids";
import { users, type User, type UserType } from "#drizzle/schema";
import type { Database } from "#app/platform/db/db.server";
import { rowValues } from "#app/platform/db/insert-select.server";
import { hashPassword } from "#app/features/auth/password.server";

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists");
  }
}

/** The claim that had to change a row (an invitation) changed none: it was used or expired meanwhile. */
export class ClaimFailedError extends Error {
  constructor() {
    super("This invitation has expired or has already been used");
  }
}

export interface NewUser {
  first: string;
  last: string;
  email: string;
  password?: string;
  type?: UserType;
}

/**
 * Creates a user. With `claim` (a conditional UPDATE, e.g. an invitation's), one batch runs the claim
 * first and inserts the user only if the claim changed a row (SQLite's changes()), so a claim that
 * loses a race creates nothing: ClaimFailedError. Without it, a plain insert.
 */
export async function createUser(db: Database, input: NewUser, claim?: BatchItem<"sqlite">): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw new EmailTakenError();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    if (claim) {
      const id = newId();
      const [, , created] = await db.batch([
        claim,
        db
          .insert(users)
          .select(
            sql`SELECT ${rowValues(users, { id, first: input.first.trim(), last: input.last.trim(), email, type: input.type ?? "user", passwordHash })} WHERE changes() = 1`,
          ),
        db.select().from(users).where(eq(users.id, id)).limit(1),
      ]);
      const user = (created as User[])[0];
      if (!user) throw new ClaimFailedError();
      return user;
    }
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
