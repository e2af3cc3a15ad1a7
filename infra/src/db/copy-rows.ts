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
    await pipeline(Readable.from(chunks(columns, rows)), client.query(copyFrom(statement)));
  };
}

/** Bytes handed to the connection at a time. */
const CHUNK = 64 * 1024;
const TAB = 0x09;
const NEWLINE = 0x0a;

/**
 * The rows as COPY text, written straight into buffers of about CHUNK bytes (a rebuild copies
 * tens of megabytes: no string per line or per chunk in between).
 */
function* chunks(columns: readonly string[], rows: readonly Record<string, unknown>[]): Generator<Buffer> {
  let buffer = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  const last = columns.length - 1;
  for (const row of rows) {
    for (let c = 0; c <= last; c++) {
      const text = field(row[columns[c]!]);
      // A UTF-16 code unit takes at most 3 bytes in UTF-8; one more for the separator.
      const room = text.length * 3 + 1;
      if (at + room > buffer.length) {
        if (at > 0) yield buffer.subarray(0, at);
        buffer = Buffer.allocUnsafe(Math.max(CHUNK, room));
        at = 0;
      }
      at += buffer.write(text, at);
      buffer[at++] = c === last ? NEWLINE : TAB;
    }
  }
  if (at > 0) yield buffer.subarray(0, at);
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format: backslash, newline, carriage return and tab escaped; `\N` for NULL. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  else if (typeof value === 'boolean') return value ? 't' : 'f';
  else if (value instanceof Date) return value.toISOString();
  else text = JSON.stringify(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
}
