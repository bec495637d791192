/**
 * The browser's side of ADR 260: files are read here and only their summaries are posted. Loaded on
 * demand by the upload screen; Garmin's FIT SDK only when a FIT file is among the files.
 */
import { fileHash, MAX_FILE_BYTES, MAX_FILES, sniffFormat } from "./activity";
import { dropRepeats, fileResult, TOO_MANY_FILES, type ActivityGoal, type FileResult } from "./activity-files";
import type { DayZone } from "./local-day";
import { readActivityFile, type FitReader } from "./read-file";

export async function readFilesInBrowser(
  files: File[],
  goal: ActivityGoal,
  zone: DayZone,
  today: string,
): Promise<FileResult[]> {
  let readFit: FitReader | null = null;
  const results: FileResult[] = [];
  for (const [i, file] of files.entries()) {
    if (i >= MAX_FILES) {
      results.push({ name: file.name, ok: false, message: TOO_MANY_FILES });
      continue;
    }
    if (file.size > MAX_FILE_BYTES) {
      results.push(
        fileResult({ name: file.name, hash: "", read: { ok: false, problem: "too-big" } }, goal, zone, today),
      );
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!readFit && sniffFormat(bytes) === "fit") readFit = (await import("./fit")).readFit;
    const read = readActivityFile(bytes, readFit);
    const hash = read.ok ? await fileHash(bytes) : "";
    results.push(fileResult({ name: file.name, hash, read }, goal, zone, today));
  }
  return dropRepeats(results);
}
