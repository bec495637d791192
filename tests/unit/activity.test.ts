import { describe, expect, it } from "vitest";
import { fit, gpx, knownRoute, ROUTE_START, tcx, truncated } from "../fixtures/activity-files";
import { geodesicMetres } from "#app/features/activity/geo";
import { readActivityFile } from "#app/features/activity/read-file";
import { readFit } from "#app/features/activity/fit";
import { knownTimeZone, localDay, parseIsoTime } from "#app/features/activity/local-day";
import { propose } from "#app/features/activity/proposal";
import { fileHash, sportOf, type ActivitySummary } from "#app/features/activity/activity";

const route = knownRoute();

function summaryOf(bytes: Uint8Array): ActivitySummary {
  const result = readActivityFile(bytes, readFit);
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.summary;
}

const within = (value: number, truth: number, share: number) =>
  expect(Math.abs(value - truth) / truth).toBeLessThan(share);

describe("the known route", () => {
  it("is 10 km long, worked out without the app's geodesic code", () => {
    within(route.metres, 10_000, 0.001);
    expect(route.points).toHaveLength(1001);
  });

  it("geodesic distance agrees with a published Vincenty case (Flinders Peak to Buninyong)", () => {
    // Vincenty (1975) on WGS84 as given by Geoscience Australia: 54,972.271 m.
    const d = geodesicMetres(
      -(37 + 57 / 60 + 3.7203 / 3600),
      144 + 25 / 60 + 29.5244 / 3600,
      -(37 + 39 / 60 + 10.1561 / 3600),
      143 + 55 / 60 + 35.3839 / 3600,
    );
    expect(d).toBeCloseTo(54_972.271, 0);
  });
});

describe("distance within 0.5% of the known length, moving time", () => {
  it("GPX (no summary: summed over the track)", () => {
    const s = summaryOf(gpx(route));
    expect(s).toMatchObject({ format: "gpx", distanceFrom: "track", start: ROUTE_START });
    within(s.metres, route.metres, 0.005);
    expect(s.movingSeconds).toBe(route.movingSeconds);
  });

  it("TCX with the device's lap summary, and with a track only", () => {
    const withSummary = summaryOf(tcx(route));
    expect(withSummary).toMatchObject({ format: "tcx", distanceFrom: "summary", sport: "running" });
    within(withSummary.metres, route.metres, 0.005);
    expect(withSummary.movingSeconds).toBe(route.movingSeconds);
    const trackOnly = summaryOf(tcx(route, { summary: false }));
    expect(trackOnly.distanceFrom).toBe("track");
    within(trackOnly.metres, route.metres, 0.005);
    expect(trackOnly.movingSeconds).toBe(route.movingSeconds);
  });

  it("FIT encoded with Garmin's SDK: the session's totals, or the records when there is no session", () => {
    const s = summaryOf(fit(route));
    expect(s).toMatchObject({ format: "fit", distanceFrom: "summary", sport: "walking" });
    within(s.metres, route.metres, 0.005);
    expect(s.movingSeconds).toBe(route.movingSeconds);
    const recordsOnly = summaryOf(fit(route, { session: false }));
    expect(recordsOnly.distanceFrom).toBe("track");
    within(recordsOnly.metres, route.metres, 0.005);
    expect(recordsOnly.movingSeconds).toBe(route.movingSeconds);
  });

  it("a pause with the device stopped adds neither distance nor moving time", () => {
    const paused = knownRoute({ pause: { after: 500, seconds: 600, kind: "gap" } });
    for (const bytes of [gpx(paused), tcx(paused, { summary: false }), fit(paused, { session: false })]) {
      const s = summaryOf(bytes);
      within(s.metres, paused.metres, 0.005);
      expect(s.movingSeconds).toBe(paused.movingSeconds);
    }
  });

  it("standing still with the device recording (GPS drift) is not moving", () => {
    const still = knownRoute({ pause: { after: 300, seconds: 600, kind: "still" } });
    const s = summaryOf(gpx(still));
    within(s.metres, still.metres, 0.005);
    expect(s.movingSeconds).toBe(still.movingSeconds);
  });

  it("a pause split into track segments (as apps write it) counts nothing between them", () => {
    const paused = knownRoute({ pause: { after: 500, seconds: 600, kind: "gap" } });
    const s = summaryOf(gpx(paused, { splitAfter: [500] }));
    within(s.metres, paused.metres, 0.005);
    expect(s.movingSeconds).toBe(paused.movingSeconds);
  });

  it("a GPS jump of 2 km is skipped", () => {
    const jumped = knownRoute({ jumpAt: 700 });
    const plain = summaryOf(gpx(knownRoute()));
    for (const bytes of [gpx(jumped, { sport: "walking" }), gpx(jumped), fit(jumped, { session: false })]) {
      const s = summaryOf(bytes);
      within(s.metres, jumped.metres, 0.005);
      expect(s.metres).toBeLessThan(plain.metres + 1);
    }
  });

  it("a jump at the very first point does not throw the rest away", () => {
    const s = summaryOf(gpx(knownRoute({ jumpAt: 0 })));
    within(s.metres, route.metres, 0.005);
  });

  it("multiple laps add up", () => {
    within(summaryOf(tcx(route, { laps: 3 })).metres, route.metres, 0.005);
    within(summaryOf(tcx(route, { laps: 3, summary: false })).metres, route.metres, 0.005);
    within(summaryOf(fit(route, { laps: 3 })).metres, route.metres, 0.005);
  });

  it("missing elevation changes nothing", () => {
    within(summaryOf(gpx(route, { elevation: false })).metres, route.metres, 0.005);
  });

  it("a file with only a summary (no track) reads its totals", () => {
    const t = summaryOf(tcx(route, { summaryOnly: true, steps: 12_000 }));
    expect(t).toMatchObject({ distanceFrom: "summary", steps: 12_000, movingSeconds: route.movingSeconds });
    within(t.metres, route.metres, 0.005);
    const f = summaryOf(fit(route, { summaryOnly: true, strides: 6_000 }));
    expect(f).toMatchObject({ distanceFrom: "summary", steps: 12_000, movingSeconds: route.movingSeconds });
    within(f.metres, route.metres, 0.005);
  });
});

describe("the activity's local day across midnight UTC", () => {
  const lateUtc = Date.UTC(2026, 10, 5, 23, 30);
  const late = knownRoute({ start: lateUtc, scale: 0.1 });

  it("a FIT file's own local time (+02:00) moves 23:30 UTC to the next day", () => {
    const s = summaryOf(fit(late, { localOffsetMinutes: 120 }));
    expect(s.offsetMinutes).toBe(120);
    const p = propose(s, { name: "a.fit", hash: "h" }, { unit: "km", factors: {} }, null);
    expect(p.ok && p.entry.day).toBe("2026-11-06");
  });

  it("a GPX time written with its offset keeps that offset", () => {
    const s = summaryOf(gpx(late, { offset: "+01:00" }));
    expect(s.start).toBe(lateUtc);
    expect(s.offsetMinutes).toBe(60);
    const p = propose(s, { name: "a.gpx", hash: "h" }, { unit: "km", factors: {} }, { timeZone: "America/New_York" });
    expect(p.ok && p.entry.day).toBe("2026-11-06");
  });

  it("a UTC-only file takes the member's time zone, else the goal clock (UTC)", () => {
    const s = summaryOf(gpx(late));
    const day = (zone: Parameters<typeof propose>[3]) => {
      const p = propose(s, { name: "a.gpx", hash: "h" }, { unit: "km", factors: {} }, zone);
      return p.ok ? p.entry.day : null;
    };
    expect(day(null)).toBe("2026-11-05");
    expect(day({ timeZone: "Europe/Berlin" })).toBe("2026-11-06");
    const early = summaryOf(gpx(knownRoute({ start: Date.UTC(2026, 10, 6, 2, 0), scale: 0.1 })));
    const p = propose(
      early,
      { name: "b.gpx", hash: "h" },
      { unit: "km", factors: {} },
      { timeZone: "America/New_York" },
    );
    expect(p.ok && p.entry.day).toBe("2026-11-05");
  });

  it("time zone names and ISO times are checked before use", () => {
    expect(knownTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(knownTimeZone("Mars/Olympus")).toBeNull();
    expect(knownTimeZone("x".repeat(65))).toBeNull();
    expect(localDay(Date.UTC(2026, 0, 1, 23, 0), { offsetMinutes: -300 })).toBe("2026-01-01");
    expect(parseIsoTime("2026-11-05T07:30:00.123456Z")?.instant).toBe(Date.UTC(2026, 10, 5, 7, 30, 0, 123));
    expect(parseIsoTime("2026-11-05T07:30:00-0330")?.offsetMinutes).toBe(-210);
    expect(parseIsoTime("yesterday")).toBeNull();
  });
});

describe("units and sports", () => {
  const s = summaryOf(fit(route, { strides: 6_000 }));
  const amount = (unit: string, factors = {}) => {
    const p = propose(s, { name: "a.fit", hash: "h" }, { unit, factors }, null);
    return p.ok ? p.entry.amount : p.problem;
  };

  it("km, miles, minutes, hours, steps, sessions; a custom unit has nothing to take", () => {
    expect(amount("km")).toBe(Math.round(route.metres / 10));
    expect(amount("miles")).toBe(Math.round((route.metres / 1609.344) * 100));
    expect(amount("minutes")).toBe(Math.round((route.movingSeconds / 60) * 100));
    expect(amount("hours")).toBe(Math.round((route.movingSeconds / 3600) * 100));
    expect(amount("steps")).toBe(1_200_000);
    expect(amount("sessions")).toBe(100);
    expect(amount("laps")).toBe("no-distance");
  });

  it("the organiser's factor for the file's sport applies; other sports count x1", () => {
    expect(amount("km", { walking: 0.25 })).toBe(Math.round(route.metres / 40));
    expect(amount("km", { cycling: 0.25 })).toBe(Math.round(route.metres / 10));
  });

  it("apps' sport names", () => {
    expect(sportOf("Biking")).toBe("cycling");
    expect(sportOf("TrailRun")).toBe("running");
    expect(sportOf("walking")).toBe("walking");
    expect(sportOf("Underwater hockey")).toBe("other");
    expect(sportOf("")).toBeNull();
  });
});

describe("bad files get a reason, never an exception", () => {
  const problem = (bytes: Uint8Array, fitReader = readFit) => {
    const r = readActivityFile(bytes, fitReader);
    return r.ok ? "ok" : r.problem;
  };
  const enc = (s: string) => new TextEncoder().encode(s);

  it("empty, not an activity, damaged, no times, too big", () => {
    expect(problem(new Uint8Array())).toBe("empty");
    expect(problem(enc("name,km\nAnn,5\n"))).toBe("not-activity");
    expect(problem(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("not-activity");
    expect(problem(truncated(gpx(route)))).toBe("corrupt");
    expect(problem(truncated(tcx(route)))).toBe("corrupt");
    expect(problem(truncated(fit(route)))).toBe("corrupt");
    expect(problem(gpx(route, { noTimes: true }))).toBe("no-times");
    expect(problem(enc('<?xml version="1.0"?><gpx version="1.1"></gpx>'))).toBe("not-activity");
    expect(problem(new Uint8Array(10 * 1024 * 1024 + 1))).toBe("too-big");
    expect(readActivityFile(gpx(route), null, 1000)).toEqual({ ok: false, problem: "too-big-for-server" });
  });

  it("a FIT file without the SDK (the Worker) is sent to the browser", () => {
    expect(problem(fit(route), null as never)).toBe("fit-needs-js");
  });

  it("entities are not expanded (no billion laughs)", () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<gpx version="1.1"><trk><type>&b;</type><trkseg><trkpt lat="1" lon="1"><time>2026-11-05T07:30:00Z</time></trkpt></trkseg></trk></gpx>';
    const r = readActivityFile(enc(bomb), null);
    expect(r.ok && r.summary.sport).toBe("other");
  });

  it("the file hash is SHA-256 of the bytes", async () => {
    expect(await fileHash(enc("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
