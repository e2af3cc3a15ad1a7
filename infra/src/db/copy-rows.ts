import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoted, type CopyRows } from '@moncafe/projections/read-model-rows';

/**
 * COPY … FROM STDIN in PostgreSQL's text format, on one connection of a PostgreSQL server (so
 * inside that connection's transaction): a rebuild writes the history's row per event at the
 * speed of a bulk load, not through an insert that parses the rows as JSON first (decision 143).
 * A value is written as PostgreSQL reads it in that column's text form: strings as they are,
 * numbers, `t`/`f`, dates in ISO form, objects and arrays as JSON (json/jsonb columns), and
 * null/undefined as NULL. A value that does not fit its column makes the COPY, and the batch's
 * transaction, fail: nothing half-written.
 */
export function copyRowsOn(client: pg.ClientBase): CopyRows {
  return async (table, columns, rows) => {
    const statement = `copy ${quoted(table)} (${columns.map(quoted).join(', ')}) from stdin`;
    await pipeline(Readable.from(lines(columns, rows)), client.query(copyFrom(statement)));
  };
}

/** The rows as text lines, a few hundred per chunk. */
function* lines(columns: readonly string[], rows: readonly Record<string, unknown>[]): Generator<string> {
  let chunk = '';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let line = '';
    for (let c = 0; c < columns.length; c++) line += (c === 0 ? '' : '\t') + field(row[columns[c]!]);
    chunk += `${line}\n`;
    if (i % 500 === 499) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format: backslash, newline, carriage return and tab escaped; `\N` for NULL. */
export function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  else if (typeof value === 'boolean') return value ? 't' : 'f';
  else if (value instanceof Date) return value.toISOString();
  else text = JSON.stringify(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}
