/**
 * Shareable cards, the I/O (ADR 272, 273): a sponsor link's card as PNG. The card's facts are read with
 * the link's own permission (ADR 240: a link revoked, paused or forged has no card); the PNG is drawn by
 * the card Worker (CARDS service binding) once per distinct content and kept in R2 under a key made of
 * that content's hash, so a new entry, pledge or badge is a new key (never a stale card) and an unchanged
 * card is one R2 read. Older versions of the same card are deleted when a new one is stored (on a miss only).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { CardFormat, CardSpec } from "#app/lib/card-spec";
import { loadSponsorPage } from "#app/features/sponsors/sponsor-page.server";
import { exactBadgeRows, memberBadges, myBadgeEntriesQuery } from "#app/features/badges/badges.server";
import { archivedEntries, badgeEntriesOf } from "#app/features/archive/archive-read.server";
import { appUrl } from "#app/platform/http/env.server";
import { today } from "#app/platform/session/clock.server";
import { memberSponsorFacts, sponsorPath, teamSponsorPath } from "#app/features/sponsors/sponsor-links.server";
import { cardBadge, cardPath, cardSpec } from "./cards";

/** Bumped when the card's drawing changes, so every cached card is drawn again. */
const DESIGN = "2";

async function hashOf(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The card's facts through the sponsor link, or the status that says why there is none. */
async function sponsorCardSpec(request: Request, context: AppLoadContext, token: string, format: CardFormat) {
  const { page, target } = await loadSponsorPage(context, token, today(request, context.cloudflare.env));
  if (page.state !== "open" || !target) return { ok: false, status: page.state === "closed" ? 403 : 404 } as const;
  let badge: string | null = null;
  if (target.member && target.goal.unit) {
    const inD1 = await myBadgeEntriesQuery(context, target.goal.id, target.member.id);
    // None in D1: the challenge may be archived (ADR 303), its entries in its file (none there either: []).
    const rows = inD1.length
      ? await exactBadgeRows(context, target.goal.id, target.member.id, inD1)
      : badgeEntriesOf(await archivedEntries(context, target.goal.id), target.member.id);
    badge = cardBadge(memberBadges(rows, { unit: target.goal.unit, unitTarget: target.goal.unitTarget }));
  }
  const spec = cardSpec(
    {
      cause: page.goal.cause,
      memberName: page.member?.name ?? null,
      teamName: page.team?.name ?? null,
      progress: page.progress,
      badge,
      charityName: page.fundraiser?.charityName ?? null,
      pledgedText: page.fundraiser && page.fundraiser.pledged > 0 ? page.fundraiser.pledgedText : null,
      link: `${appUrl(request, context.cloudflare.env)}/sponsor/${token}`,
    },
    format,
  );
  const whose = page.member?.id ?? (page.team ? `team-${page.team.id}` : "group");
  return { ok: true, spec, prefix: `cards/${page.goal.id}/${whose}/` } as const;
}

const PNG_HEADERS = {
  "Content-Type": "image/png",
  // Chat apps fetch the card once when a link is pasted; a short shared cache keeps a burst cheap while
  // the next entry still shows within minutes. The link stays unlisted (ADR 240).
  "Cache-Control": "public, max-age=300",
  "X-Robots-Tag": "noindex",
};

async function render(env: Env, spec: CardSpec) {
  const response = await env.CARDS.fetch("https://cards/render", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(spec),
  });
  if (!response.ok || response.headers.get("Content-Type") !== "image/png") return null;
  return response.arrayBuffer();
}

/** GET /sponsor/{token}/card.png and /square.png. `X-Card` says "hit" (from R2) or "drawn". */
export async function sponsorCardResponse(
  request: Request,
  context: AppLoadContext,
  token: string,
  format: CardFormat,
) {
  const found = await sponsorCardSpec(request, context, token.slice(0, 300), format);
  if (!found.ok) return new Response(null, { status: found.status, headers: { "Cache-Control": "no-store" } });
  return cardResponse(context.cloudflare.env, found.spec, found.prefix, PNG_HEADERS);
}

/**
 * A card's PNG: from R2 when this very content was drawn before, else drawn by the card Worker and kept
 * under `prefix` (older versions there dropped). `X-Card` says "hit" or "drawn".
 */
export async function cardResponse(env: Env, spec: CardSpec, prefix: string, headers: Record<string, string>) {
  const key = `${prefix}${await hashOf(DESIGN + JSON.stringify(spec))}-${spec.format}.png`;
  const cached = await env.IMAGES.get(key);
  if (cached) return new Response(cached.body, { headers: { ...headers, "X-Card": "hit" } });
  const png = await render(env, spec);
  if (!png)
    return new Response("The card could not be drawn just now.", { status: 503, headers: { "Retry-After": "30" } });
  await env.IMAGES.put(key, png, { httpMetadata: { contentType: "image/png" } });
  await dropOlderVersions(env, prefix, spec.format, key);
  return new Response(png, { headers: { ...headers, "X-Card": "drawn" } });
}

/** The card's earlier versions in this format go: only the current one is ever served (ADR 273). */
async function dropOlderVersions(env: Env, prefix: string, format: CardFormat, keep: string) {
  const listed = await env.IMAGES.list({ prefix, limit: 100 });
  const old = listed.objects.map((o) => o.key).filter((k) => k !== keep && k.endsWith(`-${format}.png`));
  if (old.length) await env.IMAGES.delete(old);
}

/** A member's own card addresses (through their sponsor link), or null when they have none to share. */
export async function memberCardUrls(request: Request, context: AppLoadContext, goalId: string, userId: string) {
  const { goal, member } = await memberSponsorFacts(context, goalId, userId);
  if (!goal || !member || !goal.sponsoring) return null;
  return cardUrls(request, context, await sponsorPath(context.cloudflare.env, goal, member));
}

/** A sponsor link's absolute address and its two cards'. */
function cardUrls(request: Request, context: AppLoadContext, link: string) {
  const origin = appUrl(request, context.cloudflare.env);
  return {
    wide: `${origin}${cardPath(link, "wide")}`,
    square: `${origin}${cardPath(link, "square")}`,
    link: origin + link,
  };
}

/**
 * A team's sponsor link and card addresses (ADR 275), from the team page's own reads of the goal and the
 * team (no D1 access here). `open` is false while the organiser has paused sponsoring: the link and card
 * then answer 403, so none is offered.
 */
export async function teamCardUrls(
  request: Request,
  context: AppLoadContext,
  goal: { id: string; sponsorNonce: string | null; sponsoring: boolean; charityName: string | null },
  team: { id: string; sponsorNonce: string | null },
) {
  const link = await teamSponsorPath(context.cloudflare.env, goal, team);
  return {
    open: goal.sponsoring,
    raising: !!goal.charityName,
    charityName: goal.charityName,
    ...cardUrls(request, context, link),
  };
}
