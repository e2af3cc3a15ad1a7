import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@moncafe/domain/ports';
import { memoryBus } from '@moncafe/infra/bus/memory';
import type { Bus } from '@moncafe/infra/bus/port';
import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { startProjections } from '@moncafe/infra/projection-runner/runner';
import { startRelay, type Relay } from '@moncafe/infra/relay/relay';
import { postgresUrl } from '../support/services';
import { freshDatabase, type TestDatabase } from './support/database';
import { writeEvents } from './support/events';
import { dumpTestReadModel, testProjector } from './support/test-read-model';
import { until } from '../support/until';

const serverUrl = await postgresUrl();

/** A bus that notes which relay published what, in front of the real one. */
function recording(bus: Bus, log: Map<string, number[]>, who: string): Bus {
  return {
    ...bus,
    async publish(event: RecordedEvent, previousPosition: number) {
      await bus.publish(event, previousPosition);
      log.set(who, [...(log.get(who) ?? []), event.position]);
    },
  };
}

describe.skipIf(!serverUrl)('relay leadership', () => {
  let database: TestDatabase;
  let store: EventStore;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    database = await freshDatabase(serverUrl!);
    store = createPostgresEventStore(database.handle.pool, { listen: true });
  });
  afterAll(async () => {
    await store.close();
    for (const p of pools) await p.end().catch(() => undefined);
    await database.drop();
  });

  /** A relay as a separate process would run it: its own pool, so its own lock connection. */
  function relay(bus: Bus, published: Map<string, number[]>, who: string): Relay {
    const pool = new pg.Pool({ connectionString: database.url, max: 3 });
    pools.push(pool);
    return startRelay({ pool, kind: 'pg', eventStore: store, bus: recording(bus, published, who), name: 'standby-test', standbyPollMs: 25, retryDelayMs: 50 });
  }

  async function projectedPositions() {
    return (await dumpTestReadModel(database.handle.db)).log.map((r) => Number((r as { position: number }).position));
  }

  it('keeps a second relay as a hot standby that takes over when the leader stops or dies, losing and duplicating nothing', async () => {
    const bus = memoryBus();
    const projections = await startProjections({ db: database.handle.db, eventStore: store, bus, projectors: [testProjector()], sweepEveryMs: 0 });
    const published = new Map<string, number[]>();

    const first = relay(bus, published, 'first');
    await until(() => first.isLeader(), { what: 'the first relay to lead' });
    const second = relay(bus, published, 'second');
    let head = await writeEvents(store, { total: 120, streams: 6, writers: 3, prefix: 'one' });
    await until(() => first.publishedPosition() >= head, { what: 'the leader to publish everything' });
    expect(second.isLeader()).toBe(false);
    expect(published.get('second')).toBeUndefined();

    // A graceful stop releases the lock and leaves the checkpoint exact: the standby goes on from there.
    await first.stop();
    await until(() => second.isLeader(), { what: 'the standby to take over' });
    head = await writeEvents(store, { total: 120, streams: 6, writers: 3, prefix: 'two' });
    await projections.waitFor(head, 20_000);
    const byFirst = published.get('first') ?? [];
    const bySecond = published.get('second') ?? [];
    expect(byFirst.filter((p) => bySecond.includes(p))).toEqual([]);

    // A leader that dies (its lock connection killed) loses the lead to a standby, and comes back as a standby.
    const third = relay(bus, published, 'third');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = 47202 and granted and database = (select oid from pg_database where datname = current_database())`,
    );
    await admin.end();
    expect(rowCount).toBe(1);
    head = await writeEvents(store, { total: 120, streams: 6, writers: 3, prefix: 'three' });
    await projections.waitFor(head, 20_000);
    await until(() => [second, third].filter((r) => r.isLeader()).length === 1, { what: 'exactly one leader' });

    await projections.stop();
    await second.stop();
    await third.stop();
    // Every event projected once and in order (the test read model rejects a repeat or a skip).
    expect(await projectedPositions()).toEqual((await store.readAll()).map((e) => e.position));
  });
});
