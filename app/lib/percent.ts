/**
 * Whole percents as people read them: never a misleading "0%" or an empty bar when there is something.
 * £25 pledged towards £3,000 (0.8%) reads "<1%" with a sliver of bar (ADR 166). `percent` is the
 * caller's whole percent (floored or rounded as its rule says); `part` is the amount it is a share of.
 */

/** '<1%' for something under one percent, otherwise '37%'. */
export function percentLabel(percent: number, part: number): string {
  return part > 0 && percent < 1 ? "<1%" : `${percent}%`;
}

/** A bar's fill width in percent: at least 1 when there is something, never more than 100. */
export function barFill(percent: number, part: number): number {
  if (part <= 0) return 0;
  return Math.min(100, Math.max(1, percent));
}
