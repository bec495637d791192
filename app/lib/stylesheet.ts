/**
 * A route's style sheet, as its `links` lists it (ADR 236).
 * `precedence` makes it a React style resource: React writes it into the document's head ahead of the
 * module preloads it hoists there, so the browser asks for the styles the first paint waits on before the
 * page's scripts. Without it the ~40 preloads came first and the styles queued behind them.
 */
import type { LinkDescriptor } from "@remix-run/cloudflare";

// Remix's link type predates React 19's `precedence`; the attribute reaches React through Links' spread.
export const stylesheet = (href: string) => ({ rel: "stylesheet", href, precedence: "default" }) as LinkDescriptor;
