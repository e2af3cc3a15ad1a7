import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@moncafe/domain/ports';
import { checkpointMigrations } from '@moncafe/projections/checkpoints/migration';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { rebuildProjections } from '@moncafe/infra/projection-runner/runner';
import { postgresUrl } from '../support/services';
import { until } from '../support/until';
import { freshDatabase, type TestDatabase } from './support/database';
import { writeEvents } from './support/events';
import { freePort, startChild, startNatsServer, type Child } from './support/processes';
import { countingProjector, dumpTestReadModel, testProjector, testReadModelMigrations } from './support/test-read-model';

/**
 * A worker's clean stop (decision 175): SIGTERM while events stream in and its projector is
 * applying them. It exits 0 within its bound, its relay lead is released so the standby worker
 * leads within 2 s, and once the standby has caught up the read model equals a replay.
 */
const serverUrl = await postgresUrl();
const natsBinary = '/usr/sbin/nats-server';
const fixture = path.join(import.meta.dirname, 'support/worker-fixture.ts');

describe.skipIf(!serverUrl || !existsSync(natsBinary))('a worker stops cleanly', () => {
  let live: TestDatabase;
  let rebuilt: TestDatabase;
  let store: EventStore;
  let storeDir: string;
  let nats: Child | null = null;
  const workers: Child[] = [];
  let probe: pg.Client;
  let natsPort: number;

  beforeAll(async () => {
    live = await freshDatabase(serverUrl!);
    rebuilt = await freshDatabase(serverUrl!, { ...checkpointMigrations, ...testReadModelMigrations });
    store = createPostgresEventStore(live.handle.pool, { listen: true });
    storeDir = await mkdtemp(path.join(tmpdir(), 'moncafe-nats-'));
    natsPort = await freePort();
    probe = new pg.Client({ connectionString: live.url });
    await probe.connect();
  });
  afterAll(async () => {
    for (const w of workers) await w.kill('SIGKILL');
    await nats?.kill('SIGKILL');
    await probe?.end();
    await store?.close();
    await live?.drop();
    await rebuilt?.drop();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  function startWorker(): Child {
    const worker = startChild(process.execPath, ['--import', 'tsx', fixture], {
      ...process.env,
      DATABASE_URL: live.url,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      NATS_STREAM: 'MONCAFE_GRACEFUL_TEST',
      NATS_SUBJECT_PREFIX: 'graceful',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    });
    workers.push(worker);
    return worker;
  }

  async function projected(): Promise<number> {
    const { rows } = await probe.query<{ position: string | null; n: string }>(
      `select min(position) as position, count(*) as n from projection_checkpoints where name in ('fanout-test', 'fanout-count')`,
    );
    return Number(rows[0]?.n) === 2 ? Number(rows[0]?.position ?? 0) : 0;
  }

  it('exits 0 mid-stream, hands the relay lead to the standby within 2 s, and leaves read models equal to a replay', async () => {
    nats = await startNatsServer(natsPort, storeDir);
    const first = startWorker();
    await until(() => /relay is leading/.test(first.output()), { what: 'the first worker to lead', timeoutMs: 60_000 });
    const standby = startWorker();
    await until(() => /"msg":"worker started"/.test(standby.output()), { what: 'the standby to start', timeoutMs: 60_000 });
    expect(standby.output()).not.toMatch(/relay is leading/);

    let written = false;
    const writing = writeEvents(store, { total: 3000, streams: 24, writers: 4, prefix: 'g' }).finally(() => (written = true));
    await until(async () => (await projected()) >= 300, { what: 'events to be projected', timeoutMs: 60_000 });
    // Work is in flight: events are still being written (and relayed and applied) when the signal comes.
    expect(written).toBe(false);

    const signalled = performance.now();
    expect(await first.kill('SIGTERM'), first.output()).toBe(0);
    const stoppedAt = performance.now();
    expect(stoppedAt - signalled).toBeLessThan(5000);
    expect(first.output()).toMatch(/"msg":"stopped"/);
    await until(() => /relay is leading/.test(standby.output()), { what: 'the standby to take the lead', timeoutMs: 2000, everyMs: 20 });
    expect(performance.now() - stoppedAt).toBeLessThan(2000);

    const last = await writing;
    await until(async () => (await projected()) === last, { what: 'the standby to project everything', timeoutMs: 120_000, everyMs: 100 });
    expect(await standby.kill('SIGTERM'), standby.output()).toBe(0);

    await rebuildProjections({ db: rebuilt.handle.db, eventStore: store, projectors: [testProjector(), countingProjector()] });
    const expected = await dumpTestReadModel(rebuilt.handle.db);
    const actual = await dumpTestReadModel(live.handle.db);
    expect(actual.log.length).toBe(3000);
    expect(actual).toEqual(expected);
  }, 240_000);
});
