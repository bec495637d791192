/**
 * One file's bytes to a summary or a refusal, the same in the browser and the Worker. FIT needs the
 * SDK, which only the browser loads (ADR 260): the Worker passes no FIT reader and the member is told.
 */
import { readGpx, readTcx } from "./xml-activity";
import { MAX_FILE_BYTES, sniffFormat, type ReadResult } from "./activity";

export type FitReader = (bytes: Uint8Array) => ReadResult;

export function readActivityFile(bytes: Uint8Array, readFit: FitReader | null, maxBytes = MAX_FILE_BYTES): ReadResult {
  if (bytes.length === 0) return { ok: false, problem: "empty" };
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, problem: "too-big" };
  if (bytes.length > maxBytes) return { ok: false, problem: "too-big-for-server" };
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, problem: "not-activity" };
  if (format === "fit") return readFit ? readFit(bytes) : { ok: false, problem: "fit-needs-js" };
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: "corrupt" };
  }
  return format === "gpx" ? readGpx(xml) : readTcx(xml);
}
