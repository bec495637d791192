/** Reading the links the app mailed (tests only): every test finds a mailed link through here. */
import { env } from "cloudflare:test";

/** The path of the newest link of this kind mailed to an address (reset, set-password, invite). */
export async function latestLinkPath(email: string, kind: string): Promise<string> {
  const mail = await env.DB.prepare(
    'SELECT text FROM mail_outbox WHERE "to" = ? AND kind = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
  )
    .bind(email.toLowerCase(), kind)
    .first<{ text: string }>();
  const link = mail?.text.match(/https?:\/\/[^\s]+/)?.[0];
  if (!link) throw new Error(`no ${kind} mail with a link for ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
