/**
 * How many live-update streams one hub instance holds, and for how long (ADR 106). Pure: the hub
 * (app/features/live/hub.server.ts) keeps the counts and asks `admitStream` before it opens one more.
 */

export interface StreamLimits {
  /** Streams one client address may hold on one hub instance. */
  perAddress: number;
  /** Streams one signed-in member (all their sessions, tabs and devices) may hold on one instance. */
  perMember: number;
  /** Streams one instance holds at most, whoever asks (each may buffer 64 KB). */
  perInstance: number;
  /** A stream is closed after this long (the browser reconnects, and its access is checked again). */
  maxAgeMs: number;
}

export const STREAM_LIMITS: StreamLimits = {
  perAddress: 30,
  perMember: 12,
  perInstance: 2_000,
  maxAgeMs: 30 * 60_000,
};

/** Seconds a refused client is told to wait (Retry-After): its own streams, or the instance full. */
export const RETRY_AFTER_SECONDS = { client: 30, instance: 60 } as const;

export type Admission = { ok: true } | { ok: false; status: 429 | 503; retryAfter: number; message: string };

/** Whether one more stream may open, given what this instance holds for that address and member. */
export function admitStream(
  held: { address: number; member: number; instance: number },
  limits: StreamLimits = STREAM_LIMITS,
): Admission {
  if (held.instance >= limits.perInstance) {
    return {
      ok: false,
      status: 503,
      retryAfter: RETRY_AFTER_SECONDS.instance,
      message: "Live updates are busy: try again in a minute.",
    };
  }
  if (held.member >= limits.perMember || held.address >= limits.perAddress) {
    return {
      ok: false,
      status: 429,
      retryAfter: RETRY_AFTER_SECONDS.client,
      message: "Too many live-update connections: close some tabs, or try again in 30 seconds.",
    };
  }
  return { ok: true };
}

/**
 * The age at which one stream is closed: the maximum, less up to a tenth at random, so streams opened
 * together (after a deploy) do not all reconnect in the same second.
 */
export const streamLifetime = (maxAgeMs: number, random = Math.random()) => Math.round(maxAgeMs * (1 - random / 10));
