/**
 * Distance and moving time from a recorded track, pure. Distances are geodesics on the WGS84
 * ellipsoid (Vincenty's inverse formula); a pause (a gap in the recording, or standing still) adds
 * neither distance nor moving time, and a GPS jump (a point faster than the sport allows) is skipped
 * (docs/product.md "Activity files", ADR 260).
 */

const A = 6_378_137;
const F = 1 / 298.257223563;
const B = A * (1 - F);
const RAD = Math.PI / 180;

/** Geodesic distance in metres between two points given in degrees. */
export function geodesicMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  if (lat1 === lat2 && lon1 === lon2) return 0;
  const L = (lon2 - lon1) * RAD;
  const U1 = Math.atan((1 - F) * Math.tan(lat1 * RAD));
  const U2 = Math.atan((1 - F) * Math.tan(lat2 * RAD));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);
  let lambda = L;
  for (let i = 0; i < 100; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.sqrt((cosU2 * sinLambda) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) ** 2);
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const C = (F / 16) * cos2Alpha * (4 + F * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda =
      L + (1 - C) * F * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const u2 = (cos2Alpha * (A * A - B * B)) / (B * B);
      const bigA = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
      const bigB = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
      const deltaSigma =
        bigB *
        sinSigma *
        (cos2SigmaM +
          (bigB / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM ** 2) -
              (bigB / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
      return B * bigA * (sigma - deltaSigma);
    }
  }
  // Nearly antipodal points (never two neighbours of a track): the sphere is close enough.
  return haversineMetres(lat1, lon1, lat2, lon2);
}

function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h =
    Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One recorded point: degrees and a time in ms since 1970 (null when the file has none). */
export interface TrackPoint {
  lat: number;
  lon: number;
  time: number | null;
}

/** A gap in the recording longer than this is a pause: no distance, no moving time across it. */
export const PAUSE_GAP_S = 60;
/** Slower than this between two points is standing still (GPS drift): not moving. */
export const STILL_MPS = 0.3;

/** The fastest a sport plausibly goes (m/s); a point reached faster is a GPS jump. */
export function jumpSpeed(sport: string | null): number {
  switch (sport) {
    case "walking":
    case "hiking":
    case "wheelchair":
      return 5;
    case "running":
      return 12;
    case "swimming":
    case "rowing":
      return 6;
    default:
      return 35;
  }
}

/** This many far points in a row are the track itself, not a jump (the point before them was stray). */
const JUMP_RUN = 3;

export interface TrackSummary {
  metres: number;
  movingSeconds: number;
  points: number;
  first: number | null;
  last: number | null;
}

/**
 * Sums one or more segments (a segment is what the device recorded without stopping; no distance is
 * counted between segments). A point that would be a GPS jump from the last good point is dropped, so
 * the track carries on from where it really was.
 */
export function summariseTrack(segments: TrackPoint[][], sport: string | null): TrackSummary {
  const maxSpeed = jumpSpeed(sport);
  let metres = 0;
  let movingSeconds = 0;
  let points = 0;
  let first: number | null = null;
  let last: number | null = null;
  for (const segment of segments) {
    let previous: TrackPoint | null = null;
    let jumps = 0;
    for (const point of segment) {
      if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon)) continue;
      if (Math.abs(point.lat) > 90 || Math.abs(point.lon) > 180) continue;
      points++;
      if (point.time !== null) {
        if (first === null || point.time < first) first = point.time;
        if (last === null || point.time > last) last = point.time;
      }
      if (!previous) {
        previous = point;
        continue;
      }
      const d = geodesicMetres(previous.lat, previous.lon, point.lat, point.lon);
      if (previous.time === null || point.time === null) {
        // No clock: distance only (jumps cannot be told apart without it).
        metres += d;
        previous = point;
        continue;
      }
      const seconds = (point.time - previous.time) / 1000;
      if (seconds <= 0) {
        // Same instant twice (or out of order): a duplicate unless it moved, and then a jump.
        continue;
      }
      const speed = d / seconds;
      if (speed > maxSpeed && ++jumps < JUMP_RUN) continue; // a jump: keep the last good point
      if (jumps >= JUMP_RUN) {
        // Several "jumps" in a row: the last good point was the stray one. Carry on from here.
        jumps = 0;
        previous = point;
        continue;
      }
      jumps = 0;
      if (seconds <= PAUSE_GAP_S && speed >= STILL_MPS) {
        metres += d;
        movingSeconds += seconds;
      }
      previous = point;
    }
  }
  return { metres, movingSeconds: Math.round(movingSeconds), points, first, last };
}
