import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrl, type TestDatabase } from '@moncafe/tests/support/services';
import { copyRowsOn } from './copy-rows';
import { kyselyOnConnection } from './connection';

const serverUrl = await postgresUrl();

/**
 * A rebuild writes the history's rows with COPY in PostgreSQL's text format (decision 143): every
 * value must arrive as the insert path would have written it, whatever characters it holds, and
 * inside the transaction of the connection it was sent on.
 */
describe.skipIf(!serverUrl)('rows written with COPY', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_copy');
    const pool = database.pool(2);
    await pool.query(`create table copied (
      id text primary key, n integer, big bigint, ok boolean, data json, doc jsonb, at timestamptz, note text)`);
  });
  afterAll(() => database?.drop());

  it('keeps tabs, newlines, backslashes, quotes, NULLs and nested JSON exactly, in the connection’s transaction', async () => {
    const pool = database.pool(2);
    const tricky = 'tab\there\nnew line\r\\back\\slash "quoted" 日本語 \\N';
    const rows = [
      {
        id: 'a',
        n: 42,
        big: 9_007_199_254_740_991,
        ok: true,
        data: { text: tricky, list: [1, 'two', null, { deep: 'a\\b' }] },
        doc: ['x\ty'],
        at: new Date('2026-11-22T01:02:03.456Z'),
        note: tricky,
      },
      { id: 'b', n: null, big: undefined, ok: false, data: null, doc: {}, at: '2026-11-22T10:00:00+09:00', note: '' },
    ];
    const client = await pool.connect();
    try {
      const db = kyselyOnConnection(client);
      await db.transaction().execute(async () => {
        await copyRowsOn(client)('copied', ['id', 'n', 'big', 'ok', 'data', 'doc', 'at', 'note'], rows);
        // Not committed yet: another connection sees nothing.
        expect((await pool.query('select count(*)::int as n from copied')).rows[0]).toEqual({ n: 0 });
      });
    } finally {
      client.release();
    }
    const { rows: stored } = await pool.query('select * from copied order by id');
    expect(stored).toEqual([
      {
        id: 'a',
        n: 42,
        big: 9_007_199_254_740_991,
        ok: true,
        data: rows[0]!.data,
        doc: ['x\ty'],
        at: new Date('2026-11-22T01:02:03.456Z'),
        note: tricky,
      },
      { id: 'b', n: null, big: null, ok: false, data: null, doc: {}, at: new Date('2026-11-22T01:00:00Z'), note: '' },
    ]);
  });

  it('writes rows across many chunks whole: a value longer than a chunk, and multi-byte text at every offset', async () => {
    const pool = database.pool(2);
    // Rows of varying length so the chunk boundary (64 KiB) falls inside values, separators and
    // three-byte characters; one note alone is longer than a chunk.
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: `chunk-${i}`,
      n: i,
      note: i === 1234 ? '長'.repeat(70_000) : `${'日本語\t'.repeat(i % 17)}${'x'.repeat(i % 5)}`,
      data: { i, text: 'カフェ\n'.repeat(i % 7) },
    }));
    const client = await pool.connect();
    try {
      await copyRowsOn(client)('copied', ['id', 'n', 'note', 'data'], rows);
    } finally {
      client.release();
    }
    const { rows: stored } = await pool.query(`select id, n, note, data from copied where id like 'chunk-%' order by n`);
    expect(stored).toEqual(rows);
  });

  it('fails the whole COPY, leaving nothing, when a key is written twice or a value does not fit', async () => {
    const pool = database.pool(2);
    const before = (await pool.query('select count(*)::int as n from copied')).rows[0];
    const client = await pool.connect();
    try {
      const copy = copyRowsOn(client);
      await expect(
        copy(
          'copied',
          ['id', 'n'],
          [
            { id: 'c', n: 1 },
            { id: 'c', n: 2 },
          ],
        ),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(copy('copied', ['id', 'n'], [{ id: 'd', n: 'not a number' }])).rejects.toMatchObject({ code: '22P02' });
    } finally {
      client.release();
    }
    expect((await pool.query('select count(*)::int as n from copied')).rows[0]).toEqual(before);
  });
});
