/**
 * FIT files with Garmin's own SDK (@garmin/fitsdk). Its profile is about 1 MB of JavaScript, so this
 * module is loaded in the browser only, on demand (ADR 260): the Worker never bundles it. The session
 * messages carry the device's own distance, timer time (pauses excluded) and sport; the records are
 * summed only when a file has no session.
 */
import { Decoder, Stream } from "@garmin/fitsdk";
import { summariseTrack, type TrackPoint } from "./geo";
import { sportOf, type ActivitySummary, type ReadResult } from "./activity";

const SEMICIRCLE = 180 / 2 ** 31;
const FIT_EPOCH_MS = 631_065_600_000;

const ms = (value: unknown): number | null =>
  value instanceof Date && Number.isFinite(value.getTime()) ? value.getTime() : null;
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

export function readFit(bytes: Uint8Array): ReadResult {
  let messages;
  try {
    const stream = Stream.fromByteArray(bytes);
    if (!Decoder.isFIT(stream)) return { ok: false, problem: "not-activity" };
    const decoder = new Decoder(stream);
    if (!decoder.checkIntegrity()) return { ok: false, problem: "corrupt" };
    const result = decoder.read({ mergeHeartRates: false });
    if (result.errors.length > 0) return { ok: false, problem: "corrupt" };
    messages = result.messages;
  } catch {
    return { ok: false, problem: "corrupt" };
  }
  const sessions = messages.sessionMesgs ?? [];
  const records = messages.recordMesgs ?? [];
  const activity = messages.activityMesgs?.[0];

  const starts = [
    ...sessions.map((s) => ms(s.startTime)),
    ...(messages.lapMesgs ?? []).map((l) => ms(l.startTime)),
    ...records.map((r) => ms(r.timestamp)),
  ].filter((t): t is number => t !== null);
  if (starts.length === 0) return { ok: false, problem: "no-times" };
  const start = Math.min(...starts);

  // The device's UTC offset: its local time minus the same instant in UTC.
  const activityAt = ms(activity?.timestamp);
  const local = num(activity?.localTimestamp);
  const offsetMinutes =
    activityAt !== null && local !== null ? Math.round((local - (activityAt - FIT_EPOCH_MS) / 1000) / 60) : null;

  const sport = sportOf(sessions[0]?.sport) ?? null;
  const sessionMetres = sessions.reduce((sum, s) => sum + (num(s.totalDistance) ?? 0), 0);
  const sessionSeconds = sessions.reduce((sum, s) => sum + (num(s.totalTimerTime) ?? 0), 0);
  const strides = sessions.reduce<number | null>((sum, s) => {
    const n = num((s as { totalStrides?: unknown }).totalStrides);
    return n === null ? sum : (sum ?? 0) + n;
  }, null);

  let metres = sessionMetres;
  let movingSeconds = sessionSeconds;
  let distanceFrom: ActivitySummary["distanceFrom"] = "summary";
  if (sessionMetres <= 0 || sessionSeconds <= 0) {
    const points: TrackPoint[] = [];
    for (const r of records) {
      const lat = num(r.positionLat);
      const lon = num(r.positionLong);
      if (lat === null || lon === null) continue;
      points.push({ lat: lat * SEMICIRCLE, lon: lon * SEMICIRCLE, time: ms(r.timestamp) });
    }
    const track = summariseTrack([points], sport);
    if (sessionMetres <= 0) {
      metres = track.metres;
      distanceFrom = "track";
    }
    if (sessionSeconds <= 0) movingSeconds = track.movingSeconds;
  }
  const summary: ActivitySummary = {
    format: "fit",
    start,
    offsetMinutes: offsetMinutes !== null && Math.abs(offsetMinutes) <= 14 * 60 ? offsetMinutes : null,
    metres,
    movingSeconds: Math.round(movingSeconds),
    sport,
    // A stride is two steps (FIT counts strides for walking and running).
    steps: strides !== null ? strides * 2 : null,
    distanceFrom,
  };
  return { ok: true, summary };
}
