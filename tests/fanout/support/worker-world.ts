import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { EventStore } from '@moncafe/domain/ports';
import { checkpointMigrations } from '@moncafe/projections/checkpoints/migration';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { rebuildProjections } from '@moncafe/infra/projection-runner/rebuild-in-place';
import { freshDatabase, type TestDatabase } from './database';
import { freePort, startChild, startNatsServer, type Child } from './processes';
import { countingProjector, dumpTestReadModel, testProjector, testReadModelMigrations } from './test-read-model';

const fixture = path.join(import.meta.dirname, 'worker-fixture.ts');

/**
 * What the worker process suites share: a database the workers project into, a second one a
 * replay is rebuilt into, the event store the test writes with, a NATS server of their own (its
 * storage kept across restarts) and a client that reads checkpoints. `close` removes all of it
 * and kills what is still running.
 */
export interface WorkerWorld {
  live: TestDatabase;
  store: EventStore;
  probe: pg.Client;
  startNats(): Promise<Child>;
  /** The real worker (apps/worker) with the test read model, as a child process. */
  startWorker(env?: Record<string, string>): Child;
  /** The slower of the two test projectors' checkpoints (0 until both have one). */
  projected(): Promise<number>;
  /** The live read model and a full replay into a fresh database, dumped the same way. */
  dumps(): Promise<{ actual: Awaited<ReturnType<typeof dumpTestReadModel>>; expected: Awaited<ReturnType<typeof dumpTestReadModel>> }>;
  close(): Promise<void>;
}

export async function openWorkerWorld(serverUrl: string, stream: string): Promise<WorkerWorld> {
  const live = await freshDatabase(serverUrl);
  const rebuilt = await freshDatabase(serverUrl, { ...checkpointMigrations, ...testReadModelMigrations });
  const store = createPostgresEventStore(live.handle.pool, { listen: true });
  const storeDir = await mkdtemp(path.join(tmpdir(), 'moncafe-nats-'));
  const natsPort = await freePort();
  const probe = new pg.Client({ connectionString: live.url });
  await probe.connect();
  const children: Child[] = [];
  return {
    live,
    store,
    probe,
    async startNats() {
      const nats = await startNatsServer(natsPort, storeDir);
      children.push(nats);
      return nats;
    },
    startWorker(env = {}) {
      const worker = startChild(process.execPath, ['--import', 'tsx', fixture], {
        ...process.env,
        DATABASE_URL: live.url,
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        NATS_STREAM: stream,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        ...env,
      });
      children.push(worker);
      return worker;
    },
    async projected() {
      const { rows } = await probe.query<{ position: string | null; n: string }>(
        `select min(position) as position, count(*) as n from projection_checkpoints where name in ('fanout-test', 'fanout-count')`,
      );
      return Number(rows[0]?.n) === 2 ? Number(rows[0]?.position ?? 0) : 0;
    },
    async dumps() {
      await rebuildProjections({ db: rebuilt.handle.db, eventStore: store, projectors: [testProjector(), countingProjector()] });
      return { expected: await dumpTestReadModel(rebuilt.handle.db), actual: await dumpTestReadModel(live.handle.db) };
    },
    async close() {
      for (const child of children.reverse()) await child.kill('SIGKILL');
      await probe.end();
      await store.close();
      await live.drop();
      await rebuilt.drop();
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}
