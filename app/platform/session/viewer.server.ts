/**
 * The request's viewer: who is asking, read at most once per request and shared by every loader and
 * action of it. It lives in the load context (`context.viewer`, load-context.server.ts), made fresh for
 * each request, so nothing per request hides in a module-level map. session.server.ts fills it (the
 * cookie, the user); read-screen.server.ts lets a screen's batch carry the user read (ADR 057, 290).
 */
import type { SessionUser } from "./session.server";

export interface Viewer {
  /** The session id from the signed cookie (null without a valid one), read once. */
  sessionId?: Promise<string | null>;
  /** The signed-in user (null for a visitor), read once: every guard and the root loader await this. */
  user?: Promise<SessionUser | null>;
  /** Set by `readScreen` before its batch leaves: the user arrives with the screen's batch. */
  fromScreen?: Promise<SessionUser | null>;
  /** The user was (or is being) read on its own: a later screen batch cannot save that round trip. */
  readAlone?: boolean;
}

/** A request's viewer before anything is read (getLoadContext makes one per request). */
export const newViewer = (): Viewer => ({});

/**
 * The user read that guards and the root loader start (session.server.ts) once the cookie is known:
 * the screen batch's user when a screen read started first, else null, and the viewer then notes that
 * the user is read on its own (ADR 057).
 */
export function userFromScreen(viewer: Viewer): Promise<SessionUser | null> | null {
  if (viewer.fromScreen) return viewer.fromScreen;
  viewer.readAlone = true;
  return null;
}

export const LATE_SCREEN_READ =
  "readScreen ran after this request's user was read on its own: call it before the loader's first await (ADR 290)";

/**
 * A screen read starts (read-screen.server.ts): from now on the request's user comes with its batch;
 * call the returned function with that user. If the user was already read on its own, the batch cannot
 * save that round trip: that is a loader that awaited before its screen read, refused when `strict`
 * (outside production), unless an action ran first in this request (a form post without JavaScript
 * reads its user in the action, then renders the loaders).
 */
export function screenReadStarts(
  viewer: Viewer,
  { strict, afterAction }: { strict: boolean; afterAction: boolean },
): (user: Promise<SessionUser | null>) => void {
  if (viewer.readAlone) {
    if (strict && !afterAction) throw new Error(LATE_SCREEN_READ);
    return () => {};
  }
  let settle!: (user: Promise<SessionUser | null>) => void;
  viewer.fromScreen = new Promise<SessionUser | null>((resolve) => (settle = resolve));
  return settle;
}
