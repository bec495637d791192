/**
 * What one activity file becomes, pure: a summary (day, distance, moving time, sport, steps) and never
 * the track (ADR 260). The limits and the refusals a member reads on each file live here, so the
 * browser and the Worker say the same thing.
 */
import type { IsoDate } from "#app/lib/dates";

export type ActivityFormat = "gpx" | "tcx" | "fit";

import type { Sport } from "./sports";

export { isSport, SPORT_LABELS, SPORTS, type Sport } from "./sports";

/** A file's or an app's own sport name ("Biking", "cycling", "4", "TrailRun") as one of ours. */
export function sportOf(name: unknown): Sport | null {
  if (typeof name !== "string" || name.length > 40) return null;
  const n = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  if (!n) return null;
  if (/^(walk|walking|fitnessequipmentwalking|casualwalking|speedwalking|10)$/.test(n)) return "walking";
  if (/^(run|running|trailrun|trailrunning|treadmill|jog|jogging|1|9)$/.test(n)) return "running";
  if (/^(bike|biking|cycling|ride|ebikeride|virtualride|road|roadbiking|mountainbiking|mtb|2)$/.test(n))
    return "cycling";
  if (/^(hike|hiking|17)$/.test(n)) return "hiking";
  if (/^(swim|swimming|openwater|lapswimming|5)$/.test(n)) return "swimming";
  if (/^(wheelchair|wheelchairpushwalk|wheelchairpushrun|handcycle|handcycling)$/.test(n)) return "wheelchair";
  if (/^(row|rowing|indoorrowing|15)$/.test(n)) return "rowing";
  return "other";
}

/** What a file says about one activity. Distances in metres, times in seconds. */
export interface ActivitySummary {
  format: ActivityFormat;
  /** When it started, ms since 1970. */
  start: number;
  /** The activity's own offset from UTC, when the file states it (FIT local time, an ISO offset). */
  offsetMinutes: number | null;
  metres: number;
  movingSeconds: number;
  sport: Sport | null;
  steps: number | null;
  /** Where the distance came from: the device's own summary, or our sum over the track. */
  distanceFrom: "summary" | "track";
}

/** A proposed entry: the summary in the goal's terms, before the member confirms it. */
export interface ProposedEntry {
  name: string;
  hash: string;
  day: IsoDate;
  /** Hundredths of the goal's unit (0 when the file has nothing in that unit). */
  amount: number;
  movingSeconds: number;
  sport: Sport | null;
}

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 50;

export type FileProblem =
  "empty" | "too-big" | "not-activity" | "corrupt" | "no-times" | "no-distance" | "fit-needs-js" | "too-big-for-server";

export const FILE_PROBLEMS: Record<FileProblem, string> = {
  empty: "This file is empty.",
  "too-big": "This file is over 10 MB. Export the activity again, or split it.",
  "not-activity": "This is not a GPX, TCX or FIT activity file.",
  corrupt: "This file is damaged and cannot be read. Export it again from your app.",
  "no-times": "This file has no times in it, so its day cannot be told. Export it with times.",
  "no-distance": "This file has no distance, time or steps for this goal's unit.",
  "fit-needs-js": "FIT files are read in your browser: turn on JavaScript, or export this activity as GPX or TCX.",
  "too-big-for-server": "Without JavaScript, files up to 512 KB can be read. Turn on JavaScript to read this one.",
};

/** The largest file the Worker parses itself (a no-JavaScript upload); the browser reads up to 10 MB. */
export const MAX_SERVER_FILE_BYTES = 512 * 1024;
/** The most one no-JavaScript upload request may carry, all files together. */
export const MAX_SERVER_REQUEST_BYTES = 2 * 1024 * 1024;

export type ReadResult = { ok: true; summary: ActivitySummary } | { ok: false; problem: FileProblem };

/** The format a file is, from its first bytes (never only from its name). */
export function sniffFormat(bytes: Uint8Array): ActivityFormat | null {
  if (bytes.length >= 12 && bytes[8] === 0x2e && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54)
    return "fit";
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  if (/<gpx[\s>]/.test(head)) return "gpx";
  if (/<TrainingCenterDatabase[\s>]/.test(head)) return "tcx";
  return null;
}

/** SHA-256 of the file, hex: the only trace of the file that is kept (to refuse it a second time). */
export async function fileHash(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
