/**
 * The sport factors form, pure: each sport's factor typed as "0.25", "4" or blank (counts x1), from
 * 0.01 to 100 with at most 2 decimals. Lengths are checked before any pattern.
 */
import { SPORT_LABELS, type Sport } from "./sports";
import { withUnit } from "#app/lib/unit-text";

export const MAX_FACTOR = 100;

/** A typed entry whose sport's factor takes it under the smallest amount (0.01). */
export const SPORT_TOO_SMALL = "For this sport that counts as less than 0.01: enter more";

/** "1 km of cycling counts as 0.25 km": one sentence per sport, as members read them. */
export const factorSentence = (sport: Sport, factor: number, unitLabel: string) => {
  const one = unitLabel.replace(/s$/, "");
  return `${withUnit(1, one)} of ${SPORT_LABELS[sport].toLowerCase()} counts as ${withUnit(factor, one)}`;
};

export function factorProblem(text: string): string | null {
  const t = text.trim();
  if (t === "") return null;
  if (t.length > 8 || !/^\d{1,3}(\.\d{1,2})?$/.test(t)) return "Enter a number like 0.25 or 4, with at most 2 decimals";
  const n = Number(t);
  if (n <= 0) return "A factor must be more than zero (leave it blank to count x1)";
  if (n > MAX_FACTOR) return `A factor can be at most ${MAX_FACTOR}`;
  return null;
}
