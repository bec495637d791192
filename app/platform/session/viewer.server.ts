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
