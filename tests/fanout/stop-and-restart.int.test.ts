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
import { freshDatabase, type TestDatabase } from './support/database';
import { writeEvents } from './support/events';
import { freePort, startChild, startNatsServer, type Child } from './support/processes';
import { countingProjector, dumpTestReadModel, testProjector, testReadModelMigrations } from './support/test-read-model';
import { until } from '../support/until';

/**
 * THE stop-and-restart test: events keep arriving while the worker (relay + projector) is
 * killed and restarted, and later while NATS is killed and restarted. When everything has
 * caught up, the read model must equal, row by row, a full rebuild into a fresh database.
 */

const serverUrl = await postgresUrl();
const natsBinary = '/usr/sbin/nats-server';
const fixture = path.join(import.meta.dirname, 'support/worker-fixture.ts');

describe.skipIf(!serverUrl || !existsSync(natsBinary))('stop and restart', () => {
  let live: TestDatabase;
  let rebuilt: TestDatabase;
  let store: EventStore;
  let storeDir: string;
  let port: number;
  let nats: Child | null = null;
  let worker: Child | null = null;
  let probe: pg.Client;

  beforeAll(async () => {
    live = await freshDatabase(serverUrl!);
    rebuilt = await freshDatabase(serverUrl!, { ...checkpointMigrations, ...testReadModelMigrations });
    store = createPostgresEventStore(live.handle.pool, { listen: true });
    storeDir = await mkdtemp(path.join(tmpdir(), 'moncafe-nats-'));
    port = await freePort();
    probe = new pg.Client({ connectionString: live.url });
    await probe.connect();
  });
  afterAll(async () => {
    await worker?.kill('SIGKILL');
    await nats?.kill('SIGKILL');
    await probe?.end();
    await store?.close();
    await live?.drop();
    await rebuilt?.drop();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  function startWorker(): Child {
    return startChild(process.execPath, ['--import', 'tsx', fixture], {
      ...process.env,
      DATABASE_URL: live.url,
      NATS_URL: `nats://127.0.0.1:${port}`,
      NATS_STREAM: 'MONCAFE_FANOUT_TEST',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    });
  }

  async function projected(): Promise<number> {
    // The slower of the two projectors (0 until both have a checkpoint row).
    const { rows } = await probe.query<{ position: string | null; n: string }>(
      `select min(position) as position, count(*) as n from projection_checkpoints where name in ('fanout-test', 'fanout-count')`,
    );
    return Number(rows[0]?.n) === 2 ? Number(rows[0]?.position ?? 0) : 0;
  }
  async function relayed(): Promise<number> {
    const { rows } = await probe.query<{ position: string }>(`select position from relay_checkpoint where name = 'default'`);
    return Number(rows[0]?.position ?? 0);
  }

  it('ends with read models identical to a full rebuild after the worker and NATS were each killed mid-stream', async () => {
    const write = (total: number, prefix: string) => writeEvents(store, { total, streams: 24, writers: 4, prefix });
    nats = await startNatsServer(port, storeDir);
    worker = startWorker();

    // 1. Writing while the worker runs; kill it (no chance to clean up) part-way through.
    const phase1 = write(900, 'p1');
    await until(async () => (await projected()) >= 300, { what: 'the first events to be projected', timeoutMs: 60_000 });
    expect(await worker.kill('SIGKILL')).toBe('SIGKILL');
    const headAfterPhase1 = await phase1;

    // 2. Writing while no worker runs, then restart it.
    const headAfterPhase2 = await write(500, 'p2');
    expect(await projected()).toBeLessThan(headAfterPhase2);
    worker = startWorker();

    // 3. Writing while the worker catches up; kill NATS part-way through (the worker stays up).
    const phase3 = write(900, 'p3');
    await until(async () => (await projected()) > headAfterPhase1, { what: 'the restarted worker to catch up past phase 1', timeoutMs: 60_000 });
    expect(await nats.kill('SIGKILL')).toBe('SIGKILL');
    await phase3;

    // 4. Writing while NATS is down, then restart it on the same port and storage.
    const head = await write(700, 'p4');
    // Nothing reaches the projector without the bus (the fixture turns the store sweep off).
    expect(await projected()).toBeLessThan(head);
    nats = await startNatsServer(port, storeDir);

    await until(async () => (await projected()) === head && (await relayed()) === head, {
      what: 'relay and projector to reach the head',
      timeoutMs: 120_000,
      everyMs: 100,
    });
    // A graceful stop answers SIGTERM with exit code 0.
    expect(await worker.kill('SIGTERM'), worker.output()).toBe(0);
    worker = null;

    await rebuildProjections({ db: rebuilt.handle.db, eventStore: store, projectors: [testProjector(), countingProjector()] });
    const expected = await dumpTestReadModel(rebuilt.handle.db);
    const actual = await dumpTestReadModel(live.handle.db);
    expect(actual.log.length).toBe(3000);
    expect(actual.counts).toEqual([expect.objectContaining({ projector: 'fanout-count', events: 3000 })]);
    expect(actual.log.map((r) => Number((r as { position: number }).position))).toEqual((await store.readAll()).map((e) => e.position));
    expect(actual).toEqual(expected);
  });
});
