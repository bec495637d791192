/**
 * An archived challenge's file (ADR 303): its entries as JSON lines, one object per entry with the
 * progress_entries columns' own names (so the file can be read, or loaded back, without this code), oldest
 * first, gzip-compressed with the platform's CompressionStream. Pure: bytes in, entries out.
 */

/** One entry as the file keeps it: every column of progress_entries but the goal (the file is the goal). */
export interface ArchivedEntry {
  id: string;
  user_id: string;
  amount: number;
  day: string;
  note: string | null;
  idempotency_key: string;
  sport: string | null;
  moving_seconds: number | null;
  file_hash: string | null;
  import_id: string | null;
  /** ms since epoch */
  created_at: number;
  updated_at: number;
}

/** The R2 key of a goal's file. */
export const archiveKey = (goalId: string) => `entries/${goalId}.jsonl.gz`;

async function drain(stream: ReadableStream): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The entries as gzip-compressed JSON lines. */
export async function encodeArchive(entries: readonly ArchivedEntry[]): Promise<Uint8Array<ArrayBuffer>> {
  const text = entries.map((e) => JSON.stringify(e)).join("\n");
  return drain(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip")));
}

/** The entries of a file written by encodeArchive; throws on anything else (a torn or foreign file). */
export async function decodeArchive(bytes: ReadableStream | Uint8Array<ArrayBuffer>) {
  const stream: ReadableStream<BufferSource> = bytes instanceof ReadableStream ? bytes : new Blob([bytes]).stream();
  const text = new TextDecoder().decode(await drain(stream.pipeThrough(new DecompressionStream("gzip"))));
  if (!text) return [];
  return text.split("\n").map((line) => JSON.parse(line) as ArchivedEntry);
}

/** What a file holds, to compare with what D1 held when it was written. */
export function archiveTally(entries: readonly ArchivedEntry[]) {
  let amount = 0;
  let updated = 0;
  let anonymous = 0;
  for (const e of entries) {
    amount += e.amount;
    if (e.updated_at > updated) updated = e.updated_at;
    if (e.user_id.startsWith(ANONYMOUS_PREFIX)) anonymous++;
  }
  return { entries: entries.length, amount, updated, anonymous };
}

/** An erased account's entries carry an id that starts with this (ADR 188). */
export const ANONYMOUS_PREFIX = "deleted-";

/** Hex SHA-256 (R2 checks the upload against it). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
