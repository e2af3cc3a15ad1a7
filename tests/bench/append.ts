import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { NewEvent } from '@moncafe/domain/ports';
import { Kysely, PostgresDialect } from 'kysely';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { createTestDatabase } from '../support/services';
import { loops, ms, percentile, rate, ratio, record, sortedCopy, type Quick } from './measure';
import { cryptoIds } from '@moncafe/infra/system';

const run = promisify(execFile);

/**
 * The reference: pgbench inserting single rows into a table of the events table's shape (the
 * columns, keys and indexes of the first migration, position a bigserial), one transaction each.
 */
const REFERENCE_TABLE = `
  create table events_reference (
    position bigserial primary key,
    event_id uuid not null unique,
    stream_id text not null,
    revision bigint not null check (revision >= 0),
    type text not null,
    data jsonb not null,
    metadata jsonb not null,
    recorded_at timestamptz not null default now(),
    unique (stream_id, revision)
  );
  create index on events_reference (type, position);
  create index on events_reference ((metadata ->> 'correlationId'));`;

const REFERENCE_SCRIPT = `\\set r random(1, 9000000000000000000)
insert into events_reference (event_id, stream_id, revision, type, data, metadata)
values (gen_random_uuid(), 'bench-' || :client_id || '-' || :r, 0, 'BenchEvent', '{"i": 1, "note": "ベンチマーク"}', '{"actor": "bench", "storeId": "bench", "causationId": null, "correlationId": "bench"}');
`;

async function pgbench(url: string, clients: number, seconds: number): Promise<{ perSecond: number; p99: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-pgbench-'));
  try {
    const script = path.join(dir, 'insert.sql');
    await writeFile(script, REFERENCE_SCRIPT);
    const u = new URL(url);
    const { stdout } = await run(
      'pgbench',
      [
        '-h',
        u.hostname,
        '-p',
        u.port || '5432',
        '-U',
        decodeURIComponent(u.username || 'postgres'),
        '-n',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-f',
        script,
        '-l',
        '--log-prefix',
        path.join(dir, 'log'),
        u.pathname.slice(1),
      ],
      { cwd: dir, env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
    const latencies: number[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.startsWith('log'))) {
      for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && micros > 0) latencies.push(micros / 1000);
      }
    }
    return { perSecond: tps, p99: percentile(sortedCopy(latencies), 0.99) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function benchEvent(i: number): NewEvent {
  return {
    eventId: cryptoIds.uuid(),
    type: 'BenchEvent',
    data: { i, note: 'ベンチマーク' },
    metadata: { correlationId: 'bench', causationId: null, actor: 'bench', storeId: 'bench' },
  };
}

/** Appends of one event per call by 8 and 32 writers, each to its own stream, against pgbench's raw INSERT. */
export async function benchAppends(serverUrl: string, options: Quick) {
  const seconds = options.quick ? 3 : 10;
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_append');
  try {
    await appendsIn(created.url, seconds);
  } finally {
    await created.drop();
  }
}

async function appendsIn(url: string, seconds: number) {
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
  await migrateToLatest(new Kysely<any>({ dialect: new PostgresDialect({ pool: admin }) }), eventStoreMigrations);
  await admin.query(REFERENCE_TABLE);
  await admin.end();
  const quiet = async () => {
    // Each run starts from the same footing: no checkpoint or vacuum of the run before in its way.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('checkpoint');
    await client.query('vacuum analyze events');
    await client.query('vacuum analyze events_reference');
    await client.end();
  };
  for (const writers of [8, 32]) {
    const pool = new pg.Pool({ connectionString: url, max: writers + 2 });
    const store = createPostgresEventStore(pool);
    const revisions = new Map<number, number>();
    const appendOnce = async (w: number) => {
      const revision = revisions.get(w) ?? -1;
      const result = await store.appendToStream(`bench-${writers}-${w}`, [benchEvent(revision)], { expectedRevision: revision < 0 ? 'no_stream' : revision });
      revisions.set(w, result.nextExpectedRevision);
    };
    // Reference and product twice each, in alternating order; the better of each pair counts.
    const references: { perSecond: number; p99: number }[] = [];
    const products: { perSecond: number; p99: number }[] = [];
    for (const turn of ['reference', 'product', 'product', 'reference'] as const) {
      await quiet();
      if (turn === 'reference') references.push(await pgbench(url, writers, seconds));
      else products.push(await loops(writers, seconds * 1000, appendOnce));
    }
    await store.close();
    await pool.end();
    const best = (runs: { perSecond: number; p99: number }[]) => runs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const reference = best(references);
    const product = best(products);
    const rateRatio = product.perSecond / reference.perSecond;
    record({
      path: `append, 1 event per call, ${writers} writers (PostgreSQL)`,
      product: `${rate(product.perSecond, ' events/s')}, p99 ${ms(product.p99)}`,
      reference: `raw INSERT ${rate(reference.perSecond, ' rows/s')}, p99 ${ms(reference.p99)}`,
      ratio: `${ratio(product.perSecond, reference.perSecond)} rate, ${(product.p99 / reference.p99).toFixed(2)}× p99`,
      target: '≥ 0.8× rate, p99 ≤ 2× raw',
      met: rateRatio >= 0.8 && product.p99 <= 2 * reference.p99,
    });
  }
}
