/**
 * Whether a page ships client JavaScript. A route opts out with `handle = { hydrate: false }` (the
 * marketing page, ADR 010): its document has no <script>, so it needs no nonce and its CSP forbids
 * every script (ADR 116). root.tsx and entry.server.tsx both ask this one question.
 */
export const shipsNoScripts = (handles: readonly unknown[]) =>
  handles.some((handle) => (handle as { hydrate?: boolean } | undefined)?.hydrate === false);
