/**
 * Web Push rules (ADR 281-283). Pure: which endpoints the app will POST to, what a device's keys look
 * like, a time zone's local hour and day, and what each push says. The server modules read the facts
 * and ask these functions.
 */
import type { IsoDate } from "#app/lib/dates";

/**
 * The push services of the browsers that support Web Push (docs/security.md, "Web Push"). The app POSTs
 * to a member's endpoint from the Worker: an endpoint anywhere else (a private address, someone's API)
 * would make the app a request forger, so anything outside this list is refused when subscribing.
 */
const PUSH_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
];
/** Edge's endpoints are on the Windows notification service's regional hosts (wns2-xxx.notify.windows.com). */
const PUSH_HOST_SUFFIXES = [".notify.windows.com"];

/** Push endpoints are a few hundred characters; longer is not one. */
export const MAX_ENDPOINT_LENGTH = 1024;

export function isPushEndpoint(value: string): boolean {
  if (value.length > MAX_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.port !== "" || url.username !== "" || url.password !== "") return false;
  return PUSH_HOSTS.includes(url.hostname) || PUSH_HOST_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix));
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Unpadded base64url of `bytes` bytes: ceil(bytes * 4 / 3) characters. */
const base64urlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

/** The device's P-256 public key (`p256dh`): an uncompressed point, 65 bytes starting 0x04 (RFC 8291 §3.2). */
export function isDeviceKey(value: string): boolean {
  if (value.length !== base64urlLength(65) || !BASE64URL.test(value)) return false;
  // 0x04 in the first 6 bits: "B" (000001) then the top two bits of the next character are 00.
  return value[0] === "B" && /[A-P]/.test(value[1]!);
}

/** The device's authentication secret (`auth`): 16 bytes (RFC 8291 §3.2). */
export const isAuthSecret = (value: string) => value.length === base64urlLength(16) && BASE64URL.test(value);

/** An IANA time zone this runtime knows ("Europe/London"); checked by length and characters first. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export interface LocalClock {
  /** The hour on the wall clock, 0-23. */
  hour: number;
  /** The calendar day there. */
  day: IsoDate;
  /** When that day began, as a UTC instant (ms): entries made since then were made "today" there. */
  dayStartedAt: number;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `now`. */
export function localClock(timeZone: string, now: number): LocalClock {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(now)).map((p) => [p.type, p.value]));
  const [y, m, d, h, min, s] = ["year", "month", "day", "hour", "minute", "second"].map((k) => Number(parts[k]));
  const hour = h! % 24;
  // The zone's offset now, from its wall clock read as if it were UTC (whole seconds).
  const offset = Date.UTC(y!, m! - 1, d!, hour, min!, s!) - Math.floor(now / 1000) * 1000;
  return {
    hour,
    day: `${parts.year}-${parts.month}-${parts.day}`,
    dayStartedAt: Date.UTC(y!, m! - 1, d!) - offset,
  };
}

/** What a push shows (the service worker's `push` handler) and where a tap on it leads. */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of the app: the goal screen, or /main. */
  url: string;
  /** A newer notice with the same tag replaces the older one on the device. */
  tag: string;
}

export const REMINDER_TITLE = "You haven't logged today";

export function reminderNotice(goal: { id: string; cause: string }): PushNotice {
  return {
    title: REMINDER_TITLE,
    body: `Log today's progress in ${goal.cause}.`,
    url: `/active/${goal.id}`,
    tag: "reminder",
  };
}

export function cheerNotice(cheerer: { first: string; last: string }, goal: { id: string; cause: string }): PushNotice {
  return {
    title: `${cheerer.first} ${cheerer.last} cheered you on`,
    body: `In ${goal.cause}. Keep going!`,
    url: `/active/${goal.id}`,
    tag: `cheer:${goal.id}`,
  };
}

/** The hours a member may pick for the daily reminder, and the one given at first opt-in (the evening). */
export const REMINDER_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const DEFAULT_REMINDER_HOUR = 19;

/** "19:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The bytes of unpadded base64url (the VAPID public key, a device key). */
export const fromBase64url = (value: string) =>
  Uint8Array.from(atob(value.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

/** This runtime's time zone ("Europe/London"): in the browser, the device's, sent with its subscription and settings. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export { PUSH_CHANGED } from "./push-event";
