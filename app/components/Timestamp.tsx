import { useEffect, useState } from "react";

const options: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
};
const utc = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });

/** '23 Nov 2026, 07:15 UTC': what the server renders, and what a page without JavaScript keeps. */
export const formatUtcTimestamp = (value: Date | number | string) => utc.format(new Date(value));

/**
 * The one timestamp format of the admin screens (ADR 169): day, month, year and time. Rendered in UTC
 * with a "UTC" suffix on the server (and so without JavaScript); once the page runs, in the viewer's own
 * time zone, named ('23 Nov 2026, 08:15 GMT+1'). The switch happens after hydration, so the server's
 * markup and the first client render agree.
 */
export function Timestamp({ value }: { value: Date | number | string }) {
  const date = new Date(value);
  const [text, setText] = useState(() => utc.format(date));
  const time = date.getTime();
  useEffect(() => setText(new Intl.DateTimeFormat("en-GB", options).format(new Date(time))), [time]);
  return <time dateTime={date.toISOString()}>{text}</time>;
}
