/**
 * An activity summary in a goal's terms, pure (docs/product.md "Activity files"): distance in the goal's
 * km or miles, moving time for a minutes or hours goal, steps for a steps goal, times the organiser's
 * factor for the sport; the day where the member was. Nothing here reads the track.
 */
import { HUNDREDTHS, unitOf } from "#app/features/progress/progress";
import { localDay, type DayZone } from "./local-day";
import { FILE_PROBLEMS, type ActivitySummary, type FileProblem, type ProposedEntry, type Sport } from "./activity";

/** Organiser's factors per sport for one goal ("cycling counts x0.25"); a missing sport counts x1. */
export type SportFactors = Partial<Record<Sport, number>>;

const METRES_PER_MILE = 1_609.344;

/** The amount, in hundredths of the goal's unit, before any sport factor; 0 when the file has none. */
export function rawAmount(summary: ActivitySummary, unit: string): number {
  switch (unitOf(unit).key) {
    case "km":
      return (summary.metres / 1000) * HUNDREDTHS;
    case "miles":
      return (summary.metres / METRES_PER_MILE) * HUNDREDTHS;
    case "minutes":
      return (summary.movingSeconds / 60) * HUNDREDTHS;
    case "hours":
      return (summary.movingSeconds / 3600) * HUNDREDTHS;
    case "steps":
      return (summary.steps ?? 0) * HUNDREDTHS;
    case "sessions":
      return HUNDREDTHS;
    default:
      return 0;
  }
}

/** An amount (hundredths) counted for a sport: the organiser's factor applied, rounded to hundredths. */
export function countedAmount(hundredths: number, sport: Sport | null, factors: SportFactors): number {
  const factor = sport ? (factors[sport] ?? 1) : 1;
  return Math.round(hundredths * factor);
}

export type Proposal = { ok: true; entry: ProposedEntry } | { ok: false; problem: FileProblem; message: string };

export function propose(
  summary: ActivitySummary,
  file: { name: string; hash: string },
  goal: { unit: string; factors: SportFactors },
  memberZone: DayZone,
): Proposal {
  const amount = countedAmount(rawAmount(summary, goal.unit), summary.sport, goal.factors);
  if (amount <= 0) return { ok: false, problem: "no-distance", message: FILE_PROBLEMS["no-distance"] };
  const zone: DayZone = summary.offsetMinutes !== null ? { offsetMinutes: summary.offsetMinutes } : memberZone;
  return {
    ok: true,
    entry: {
      name: file.name,
      hash: file.hash,
      day: localDay(summary.start, zone),
      amount,
      movingSeconds: summary.movingSeconds,
      sport: summary.sport,
    },
  };
}
