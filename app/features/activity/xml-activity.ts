/**
 * GPX 1.1 and TCX files (fast-xml-parser, in the browser and the Worker alike) to an activity summary.
 * TCX laps carry the device's own distance and timer time: used when present (ADR 260); GPX has no
 * summary, so its distance is summed over the track (geo.ts). Entities are not expanded.
 */
import { XMLParser } from "fast-xml-parser";
import { summariseTrack, type TrackPoint } from "./geo";
import { parseIsoTime } from "./local-day";
import { sportOf, type ActivitySummary, type ReadResult } from "./activity";

const LISTS = new Set(["trk", "trkseg", "trkpt", "Activity", "Lap", "Track", "Trackpoint"]);

const parser = () =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    isArray: (name) => LISTS.has(name),
  });

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);
const node = (value: unknown): Node | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : null;
const text = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : typeof node(value)?.["#text"] === "string"
      ? (node(value)!["#text"] as string)
      : null;
const number = (value: unknown): number | null => {
  const t = text(value);
  if (t === null || t.length > 32) return null;
  const n = Number(t.trim());
  return t.trim() !== "" && Number.isFinite(n) ? n : null;
};

/**
 * The document, or null when it is not whole. A full validation pass costs most of a parse again
 * (docs/benchmarks.md); a file cut short (the usual damage) no longer ends with its root's end tag.
 */
function parse(xml: string, root: string): Node | null {
  if (!xml.trimEnd().endsWith(`</${root}>`)) return null;
  try {
    return node(parser().parse(xml));
  } catch {
    return null;
  }
}

interface Clock {
  first: { instant: number; offsetMinutes: number | null } | null;
}

function point(lat: number | null, lon: number | null, timeText: unknown, clock: Clock): TrackPoint | null {
  if (lat === null || lon === null) return null;
  const time = parseIsoTime(text(timeText));
  if (time && (!clock.first || time.instant < clock.first.instant)) clock.first = time;
  return { lat, lon, time: time?.instant ?? null };
}

export function readGpx(xml: string): ReadResult {
  const root = node(parse(xml, "gpx")?.gpx);
  if (!root) return { ok: false, problem: "corrupt" };
  const clock: Clock = { first: null };
  const segments: TrackPoint[][] = [];
  let sportName: string | null = null;
  for (const trk of list(root.trk)) {
    sportName ??= text(trk.type);
    for (const seg of list(trk.trkseg)) {
      const points: TrackPoint[] = [];
      for (const pt of list(seg.trkpt)) {
        const p = point(number(pt["@lat"]), number(pt["@lon"]), pt.time, clock);
        if (p) points.push(p);
      }
      segments.push(points);
    }
  }
  if (!segments.some((s) => s.length > 0)) return { ok: false, problem: "not-activity" };
  if (!clock.first) return { ok: false, problem: "no-times" };
  const sport = sportOf(sportName);
  const track = summariseTrack(segments, sport);
  const summary: ActivitySummary = {
    format: "gpx",
    start: clock.first.instant,
    offsetMinutes: clock.first.offsetMinutes,
    metres: track.metres,
    movingSeconds: track.movingSeconds,
    sport,
    steps: null,
    distanceFrom: "track",
  };
  return { ok: true, summary };
}

export function readTcx(xml: string): ReadResult {
  const root = node(node(parse(xml, "TrainingCenterDatabase")?.TrainingCenterDatabase)?.Activities);
  if (!root) return { ok: false, problem: "corrupt" };
  const activity = list(root.Activity)[0];
  if (!activity) return { ok: false, problem: "not-activity" };
  const clock: Clock = { first: null };
  const sport = sportOf(activity["@Sport"]);
  const segments: TrackPoint[][] = [];
  let lapMetres = 0;
  let lapSeconds = 0;
  let lapsWithDistance = 0;
  let steps: number | null = null;
  for (const lap of list(activity.Lap)) {
    const lapStart = parseIsoTime(lap["@StartTime"]);
    if (lapStart && (!clock.first || lapStart.instant < clock.first.instant)) clock.first = lapStart;
    const metres = number(lap.DistanceMeters);
    const seconds = number(lap.TotalTimeSeconds);
    if (metres !== null && metres >= 0) {
      lapMetres += metres;
      lapsWithDistance++;
    }
    if (seconds !== null && seconds >= 0) lapSeconds += seconds;
    const lapSteps = number(node(node(lap.Extensions)?.LX)?.Steps);
    if (lapSteps !== null && lapSteps >= 0) steps = (steps ?? 0) + lapSteps;
    for (const track of list(lap.Track)) {
      const points: TrackPoint[] = [];
      for (const tp of list(track.Trackpoint)) {
        const position = node(tp.Position);
        const p = point(number(position?.LatitudeDegrees), number(position?.LongitudeDegrees), tp.Time, clock);
        if (p) points.push(p);
      }
      segments.push(points);
    }
  }
  if (!clock.first) return { ok: false, problem: "no-times" };
  const track = summariseTrack(segments, sport);
  const fromSummary = lapsWithDistance > 0 && lapMetres > 0;
  const summary: ActivitySummary = {
    format: "tcx",
    start: clock.first.instant,
    offsetMinutes: clock.first.offsetMinutes,
    metres: fromSummary ? lapMetres : track.metres,
    movingSeconds: Math.round(lapSeconds > 0 ? lapSeconds : track.movingSeconds),
    sport,
    steps,
    distanceFrom: fromSummary ? "summary" : "track",
  };
  return { ok: true, summary };
}
