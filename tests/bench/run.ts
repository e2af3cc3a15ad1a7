/**
 * `npm run bench`: figures for the event store, the read models and the web server, printed
 * as a table and recorded by hand in BENCHMARKS.md. Nothing here asserts a time: tests prove
 * behaviour, this measures it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EventStore, NewEvent } from '@moncafe/domain/ports';
import { saveRecord } from '@moncafe/domain/catalog/commands';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { rebuildProjections } from '@moncafe/infra/projection-runner/runner';
import { cryptoIds } from '@moncafe/infra/system';
import { projectors, readModelMigrations } from '@moncafe/projections/read-models';
import { startServer } from '../../apps/web/server';
import { createTestDatabase, postgresUrl } from '../support/services';

interface Row {
  benchmark: string;
  target: string;
  figure: string;
}
const rows: Row[] = [];
const record = (benchmark: string, target: string, figure: string) => {
  rows.push({ benchmark, target, figure });
  console.log(`${benchmark} [${target}]: ${figure}`);
};
const perSecond = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString('en')} events/s`;

function newEvents(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    eventId: cryptoIds.uuid(),
    type: 'BenchEvent',
    data: { i, note: 'ベンチマーク' },
    metadata: { correlationId: 'bench', causationId: null, actor: 'bench', storeId: 'bench' },
  }));
}

async function benchEventStore(target: string, database: DatabaseHandle, writers: number) {
  await migrateToLatest(database.db, { ...eventStoreMigrations, ...readModelMigrations });
  const store: EventStore = createPostgresEventStore(database.pool);
  const perWriter = 250;

  let started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) await store.appendToStream(`bench-${w}`, newEvents(1), { expectedRevision: 'any' });
    }),
  );
  const total = writers * perWriter;
  record('append, one event per call', `${target}, ${writers} writer(s)`, perSecond(total, performance.now() - started));

  started = performance.now();
  let read = 0;
  for (let after = 0; ;) {
    const page = await store.readAll({ after, maxCount: 500 });
    if (page.length === 0) break;
    read += page.length;
    after = page.at(-1)!.position;
  }
  record('read all, pages of 500', target, perSecond(read, performance.now() - started));

  // Reference data: 500 menu items through the catalog command handler, then a full rebuild.
  started = performance.now();
  for (let i = 0; i < 500; i++) {
    await saveRecord(
      { eventStore: store, ids: cryptoIds },
      { kind: 'menu', id: `bench-menu-${i}`, data: { store_id: '2', name: `ベンチ ${i}`, price: 500 + i } },
      { correlationId: 'bench', actor: 'bench' },
    );
  }
  record('catalog command (load, decide, append)', target, `${Math.round(500 / ((performance.now() - started) / 1000))} commands/s`);

  started = performance.now();
  const rebuilt = await rebuildProjections({ db: database.db, eventStore: store, projectors });
  record(`rebuild all ${projectors.length} read models`, target, perSecond(rebuilt.events, performance.now() - started));
  await store.close();
}

async function benchHttp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'moncafe-bench-'));
  const server = await startServer({
    port: 0,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: '1', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench password 123' },
  });
  try {
    for (const [name, url] of [
      ['GET /api/admin/menu', '/api/admin/menu'],
      ['GET /moncafe (SSR)', '/moncafe'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const response = await fetch(server.url + url);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      record(name, 'embedded (PGlite), sequential', `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serverUrl = await postgresUrl();
if (serverUrl) {
  const created = await createTestDatabase(serverUrl, 'moncafe_bench');
  const database = await openDatabase({ url: created.url, dataDir: '' });
  try {
    await benchEventStore('PostgreSQL 15 server', database, 8);
  } finally {
    await database.close();
    await created.drop();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'moncafe-bench-pglite-'));
const embedded = await openDatabase({ dataDir });
try {
  await benchEventStore('PGlite', embedded, 1);
} finally {
  await embedded.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await benchHttp();
const rss = process.memoryUsage().rss;
record('resident memory after the runs', 'bench process', `${Math.round(rss / 1024 / 1024)} MiB`);

console.log('\n| benchmark | target | figure |\n| --- | --- | --- |');
for (const r of rows) console.log(`| ${r.benchmark} | ${r.target} | ${r.figure} |`);
process.exit(0);
