/**
 * "Find a goal" (ADR 263): every goal Suggested could list, by name and page by page, beyond the 50
 * closing soonest that /main's "Show more" lists. Pure parts: reading the address, and the LIKE pattern.
 */
export const FIND_PAGE_SIZE = 20;
/** Pages past this are not offered (20 x 250 = 5,000 goals closing after today). */
export const FIND_MAX_PAGE = 250;
/** The longest search; checked before anything else is done with it. */
export const FIND_MAX_QUERY = 40;
/** D1 refuses a LIKE pattern longer than this many bytes (a 500 if sent). */
const D1_LIKE_PATTERN_BYTES = 50;

export const FIND_TOO_LONG = `Search with ${FIND_MAX_QUERY} characters or fewer.`;

export type FindRequest =
  { ok: true; q: string; page: number; pattern: string | null } | { ok: false; q: string; problem: string };

/**
 * `?q=&page=` from the address. The search's length is checked first (on the raw value, before trimming
 * or any pattern); a page that is not a page number reads as the first, as a link can only carry one.
 */
export function readFindRequest(search: URLSearchParams): FindRequest {
  const raw = search.get("q") ?? "";
  if (raw.length > FIND_MAX_QUERY * 4) return { ok: false, q: "", problem: FIND_TOO_LONG };
  const q = raw.trim().replace(/\s+/g, " ");
  if (q.length > FIND_MAX_QUERY) return { ok: false, q, problem: FIND_TOO_LONG };
  const pattern = q ? likePattern(q) : null;
  if (pattern && new TextEncoder().encode(pattern).length > D1_LIKE_PATTERN_BYTES)
    return { ok: false, q, problem: FIND_TOO_LONG };
  const pageText = search.get("page") ?? "1";
  const page = /^[0-9]{1,3}$/.test(pageText) ? Number(pageText) : 1;
  return { ok: true, q, page: Math.min(Math.max(page, 1), FIND_MAX_PAGE), pattern };
}

/** `q` anywhere in the name, its % and _ (and the escape character \) taken literally: ESCAPE '\'. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The address of another page of the same search. */
export function findHref(q: string, page: number): string {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `/goals/find?${query}` : "/goals/find";
}
