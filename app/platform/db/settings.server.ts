/** The single system-settings row (SPEC: one document with the early-access setting). */
import { eq } from "drizzle-orm";
import { settings, type EarlyAccessMode, type Settings } from "#drizzle/schema";
import type { Database } from "./db.server";

export const DEFAULT_SUPPORT_EMAIL = "support@goalswithfriends.app";

const FALLBACK: Settings = {
  id: 1,
  earlyAccess: "open",
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  updatedAt: new Date(0),
};

export async function getSettings(db: Database): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  return row ?? FALLBACK;
}

export async function setEarlyAccess(db: Database, mode: EarlyAccessMode) {
  await db.update(settings).set({ earlyAccess: mode, updatedAt: new Date() }).where(eq(settings.id, 1));
}
