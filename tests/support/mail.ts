/**
 * Reading the links the app mailed (tests only). The outbox stores links sealed (ADR 103), so tests
 * read them where a developer does: /dev/mail, which puts them back (tests run in development).
 */
import { SELF } from "cloudflare:test";

/** The texts of the mails to an address, newest first, as /dev/mail shows them, with their kind. */
export async function mailedTo(email: string): Promise<{ kind: string; text: string }[]> {
  const response = await SELF.fetch(`http://localhost/dev/mail?to=${encodeURIComponent(email.toLowerCase())}`);
  // React separates adjacent text with <!-- --> comments: drop them first.
  const html = (await response.text()).replace(/<!-- -->/g, "");
  const decode = (s: string) =>
    s
      .replace(/<[^>]*>/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map(([article]) => ({
    kind: article.match(/ · ([a-z-]+) · /)?.[1] ?? "",
    text: decode(article.match(/<pre[^>]*>([\s\S]*?)<\/pre>/)?.[1] ?? ""),
  }));
}

/** The path (and query) of the newest link in a mail of this kind (reset, set-password, invite). */
export async function latestLinkPath(email: string, kind: string): Promise<string> {
  const mail = (await mailedTo(email)).find((m) => m.kind === kind);
  const link = mail?.text.match(/https?:\/\/[^\s]+/)?.[0];
  if (!link) throw new Error(`no ${kind} mail with a link for ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
