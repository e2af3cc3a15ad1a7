import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { connectNatsBus, deleteNatsStream } from '@moncafe/infra/bus/nats';
import { openDatabase } from '@moncafe/infra/db/connection';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { startFanOut, type FanOut } from '@moncafe/infra/fan-out';
import { readCheckpoints } from '@moncafe/projections/checkpoints/queries';
import { natsUrl, postgresUrl, uniqueName } from '../support/services';
import { until } from '../support/until';
import { freshDatabase, type TestDatabase } from './support/database';
import { writeEvents } from './support/events';
import { testProjector } from './support/test-read-model';

/**
 * Decision 197: the README's standby worker made read models ~10× slower: both workers
 * consumed from the one durable consumer, and each saw the other's messages as gaps and read them
 * from the store. A standby now does no projector work until its relay leads (decision 197).
 */
const serverUrl = await postgresUrl();
const bus = await natsUrl();

describe.skipIf(!serverUrl || !bus)('a standby worker', () => {
  const stream = uniqueName('STANDBY');
  let database: TestDatabase | null = null;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    await deleteNatsStream(bus!, stream);
    await database?.drop();
  });

  it('reads no gap from the store while the leader projects, and takes over when the leader stops', async () => {
    database = await freshDatabase(serverUrl!);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    // Two worker processes: each its own pool, event store and bus connection.
    const worker = async (): Promise<FanOut> => {
      const handle = await openDatabase({ url: database!.url, dataDir: '' });
      const eventStore = createPostgresEventStore(handle.pool, { listen: true });
      const natsBus = await connectNatsBus({ url: bus!, streamName: stream, subjectPrefix: stream.toLowerCase(), retryDelayMs: 50 });
      const fanOut = await startFanOut({ database: handle, eventStore, bus: natsBus, logger, projectors: [testProjector()], sweepEveryMs: 0 });
      cleanups.push(async () => {
        await fanOut.stop();
        await natsBus.close();
        await eventStore.close();
        await handle.close();
      });
      return fanOut;
    };
    const first = await worker();
    await until(() => first.relay.isLeader(), { what: 'the first worker to lead' });
    const second = await worker();

    const store = createPostgresEventStore(database.handle.pool);
    cleanups.push(() => store.close());
    const head = await writeEvents(store, { total: 200, streams: 10, writers: 4, prefix: 'standby' });
    await until(async () => (await readCheckpoints(database!.handle.db, ['fanout-test'])).get('fanout-test')! >= head, {
      what: 'the read model to reach the head',
      timeoutMs: 20_000,
    });
    expect(second.relay.isLeader()).toBe(false);
    expect(lines.filter((l) => l.includes('gap before bus message'))).toEqual([]);

    // The leader goes: the standby leads and projects what comes next.
    await first.stop();
    await until(() => second.relay.isLeader(), { what: 'the standby to lead' });
    const next = await writeEvents(store, { total: 20, streams: 2, writers: 1, prefix: 'after' });
    await until(async () => (await readCheckpoints(database!.handle.db, ['fanout-test'])).get('fanout-test')! >= next, {
      what: 'the standby to project after taking the lead',
      timeoutMs: 20_000,
    });
  }, 90_000);
});
