/**
 * A kept statement's rows mapped as drizzle maps them, with drizzle's per-column work done once per
 * isolate (ADR 317). drizzle's `mapResultRow` finds each column's decoder on every row by class checks
 * (`is(field, Column)`, then SQL, Subquery, Aliased, each walking prototypes when `instanceof` fails):
 * a third of a goal screen's row mapping in its profile, the same answer for every row of every request.
 * A statement template (statement-template.server.ts, ADR 209) keeps its statements for the isolate's
 * life, so the decoders, paths and table names are looked up once, when the template is built.
 *
 * Only a select's "all" with selected fields is mapped here (every member screen's read); anything
 * else (a relational query's own mapper, `get`, `run`, raw `sql`) keeps drizzle's `mapResult`. Outside
 * production every batch is mapped both ways and must agree value for value (`sameRows`), so the
 * whole test suite checks this copy against the drizzle it runs with.
 */
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a template keeps of drizzle's prepared query (statement-template.server.ts). */
export interface MappedLike {
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

/** drizzle's own fields of a prepared select (public JavaScript properties, marked internal in its types). */
interface SelectInternals {
  executeMethod?: string;
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

interface ColumnPlan {
  path: string[];
  decoder: Decoder;
  /** The column's table name when drizzle's nullable-join rule applies to it (a table column two levels deep). */
  joinTable: string | null;
}

/** The decoder drizzle's mapResultRow picks for one selected field, in the same order of checks. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/** A batch result's mapper for one kept statement: drizzle's own `mapResult` unless it is a plain select's "all". */
export function rowMapper(prepared: MappedLike): (result: unknown) => unknown {
  const own = (result: unknown) => prepared.mapResult(result, true);
  const p = prepared as MappedLike & SelectInternals;
  if (p.executeMethod !== "all" || !p.fields || p.customResultMapper) return own;
  const joins = p.joinsNotNullableMap;
  const plans: ColumnPlan[] = p.fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    joinTable: joins && is(field, Column) && path.length === 2 ? getTableName((field as Column).table) : null,
  }));
  return (result) => (result as { results: Record<string, unknown>[] }).results.map((row) => mapRow(plans, row, joins));
}

/** drizzle's mapResultRow over a D1 row object (its values in column order, as drizzle's d1ToRawMapping reads them). */
function mapRow(plans: ColumnPlan[], object: Record<string, unknown>, joins: Record<string, boolean> | undefined) {
  const row = Object.values(object);
  const out: Record<string, unknown> = {};
  const nullify: Record<string, string | false> = {};
  let nullifying = false;
  for (let i = 0; i < plans.length; i++) {
    const { path, decoder, joinTable } = plans[i]!;
    let node = out;
    const last = path.length - 1;
    for (let j = 0; j < last; j++) {
      const chunk = path[j]!;
      if (!(chunk in node)) node[chunk] = {};
      node = node[chunk] as Record<string, unknown>;
    }
    const raw = row[i];
    const value = (node[path[last]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
    if (joinTable !== null) {
      const objectName = path[0]!;
      if (!(objectName in nullify)) nullify[objectName] = value === null ? joinTable : false;
      else if (typeof nullify[objectName] === "string" && nullify[objectName] !== joinTable)
        nullify[objectName] = false;
      nullifying = true;
    }
  }
  if (joins && nullifying)
    for (const [objectName, tableName] of Object.entries(nullify))
      if (typeof tableName === "string" && !joins[tableName]) out[objectName] = null;
  return out;
}

/** Outside production: two mappings of one batch are the same rows (dates by time, the rest by value). */
export function sameRows(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameRows(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k, i) => k === kb[i] && sameRows((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return Object.is(a, b);
}
