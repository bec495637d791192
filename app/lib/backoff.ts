/**
 * How long a failed outbound send waits before its next attempt (ADR 125): 15 s after the first
 * failure, doubling each time, never more than 15 minutes. With the queue's 8 retries a message is
 * tried for about 45 minutes before it is dead-lettered: long enough for a provider's short outage,
 * short enough that a reset link still arrives while the member waits for it.
 */
export const FIRST_RETRY_DELAY_S = 15;
export const MAX_RETRY_DELAY_S = 15 * 60;

/** The delay before the next attempt, after `attempts` attempts (1 = the first one failed). */
export function retryDelaySeconds(attempts: number): number {
  const failed = Math.max(1, Math.floor(attempts));
  // 2^(failed-1) overflows nothing: the cap applies long before.
  return Math.min(MAX_RETRY_DELAY_S, FIRST_RETRY_DELAY_S * 2 ** Math.min(failed - 1, 20));
}
