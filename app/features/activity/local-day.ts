/**
 * The calendar day an activity happened on, where its member was (docs/product.md "Activity files"):
 * the file's own offset from UTC when it states one (a FIT activity's local time, an ISO time with
 * +02:00), else the member's time zone as their browser reports it, else the goal clock (UTC).
 */
import type { IsoDate } from "#app/lib/dates";

export type DayZone = { offsetMinutes: number } | { timeZone: string } | null;

const TIME_ZONE_MAX = 64;

/** A time zone name the runtime knows ("Europe/Paris"), or null. Length checked before anything else. */
export function knownTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > TIME_ZONE_MAX) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of an instant (ms since 1970) in a zone; UTC when there is none. */
export function localDay(instant: number, zone: DayZone): IsoDate {
  if (zone && "offsetMinutes" in zone)
    return new Date(instant + zone.offsetMinutes * 60_000).toISOString().slice(0, 10);
  if (zone && "timeZone" in zone) {
    let format = formats.get(zone.timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone.timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
      if (formats.size > 32) formats.clear();
      formats.set(zone.timeZone, format);
    }
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  }
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * An ISO 8601 time as GPX and TCX write it ("2026-11-05T07:30:00Z", "...T07:30:00.250+02:00"): the
 * instant and, when the text names one other than Z, its offset in minutes. Null for anything else.
 */
export function parseIsoTime(text: unknown): { instant: number; offsetMinutes: number | null } | null {
  if (typeof text !== "string" || text.length < 19 || text.length > 40) return null;
  const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const zone = match[1];
  // No zone at all: GPX says UTC.
  const instant = Date.parse(zone ? text.trim() : `${text.trim()}Z`);
  if (!Number.isFinite(instant)) return null;
  if (!zone || zone === "Z") return { instant, offsetMinutes: null };
  const sign = zone[0] === "-" ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return { instant, offsetMinutes: sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) };
}
