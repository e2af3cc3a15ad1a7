import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { NewEvent, RecordedEvent } from '@moncafe/domain/ports';
import { LISTENER_APPLICATION_NAME, createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { postgresUrl, createTestDatabase, type TestDatabase } from '../support/services';
import { until } from '../support/until';

/**
 * What only the PostgreSQL adapter has to show: appends really are serialized (a later writer
 * cannot commit before an earlier one), and readers in other processes are woken by NOTIFY and
 * keep being woken after their LISTEN connection is lost.
 */
const serverUrl = await postgresUrl();

function newEvent(type: string): NewEvent {
  return {
    eventId: randomUUID(),
    type,
    data: { type },
    metadata: { correlationId: randomUUID(), causationId: null, actor: 'system', storeId: null },
  };
}

describe.skipIf(!serverUrl)('postgres event store on a server', () => {
  let database: TestDatabase;
  let admin: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_pg_store', { migrations: eventStoreMigrations });
    admin = database.pool(2);
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Backends of this database that are LISTENing for appends. */
  async function listeners(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = $1 and datname = current_database() and query ilike 'listen%'",
      [LISTENER_APPLICATION_NAME],
    );
    return rows.map((r) => r.pid);
  }

  it('makes an append wait while an earlier one is uncommitted, so positions commit in order', async () => {
    const store = createPostgresEventStore(database.pool(3));
    const head = await store.headPosition();
    const slow = newEvent('Slow');
    const fast = newEvent('Fast');

    // A writer that has taken its position but not yet committed (an append_events call inside
    // a transaction that is still open).
    const slowWriter = await admin.connect();
    onTestFinished(() => slowWriter.release());
    await slowWriter.query('begin');
    await slowWriter.query('select * from append_events($1, -1, $2::jsonb)', [`slow-${randomUUID()}`, JSON.stringify([slow])]);

    const fastAppend = store.appendToStream(`fast-${randomUUID()}`, [fast], { expectedRevision: 'no_stream' });
    await until(async () => {
      const { rows } = await admin.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_locks l join pg_database d on d.oid = l.database where d.datname = current_database() and l.locktype = 'advisory' and not l.granted",
      );
      return rows[0]!.waiting > 0;
    });
    // Neither is visible: the slow one has not committed, the fast one could not take a position.
    expect(await store.readAll({ after: head })).toEqual([]);

    await slowWriter.query('commit');
    await fastAppend;
    const all = await store.readAll({ after: head });
    expect(all.map((e) => e.eventId)).toEqual([slow.eventId, fast.eventId]);
    expect(all[1]!.position).toBeGreaterThan(all[0]!.position);
  });

  it('wakes a subscriber in another process through NOTIFY, without waiting for a poll', async () => {
    const writer = createPostgresEventStore(database.pool(2));
    // Polling so rare that only a notification can deliver the event within the test's time.
    const reader = createPostgresEventStore(database.pool(2), { listen: true, pollMs: 10 * 60_000 });
    onTestFinished(() => reader.close());
    const head = await writer.headPosition();

    const subscription = reader.subscribeToAll({ after: head });
    const iterator = subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    // Once LISTEN is in place; before that, the reader's own catch-up read would find the event.
    await until(async () => (await listeners()).length === 1);
    const appended = newEvent('FromAnotherProcess');
    await writer.appendToStream(`other-${randomUUID()}`, [appended], { expectedRevision: 'no_stream' });

    const received = await first;
    expect(received.done ? null : received.value.eventId).toBe(appended.eventId);
  }, 15_000);

  it('reconnects its LISTEN connection after losing it, and keeps delivering', async () => {
    const writer = createPostgresEventStore(database.pool(2));
    const reader = createPostgresEventStore(database.pool(2), { listen: true, pollMs: 50 });
    onTestFinished(() => reader.close());

    const subscription = reader.subscribeToAll({ after: await writer.headPosition() });
    const iterator = subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    await until(async () => (await listeners()).length === 1);
    const [lost] = await listeners();
    await admin.query('select pg_terminate_backend($1)', [lost]);
    await until(async () => {
      const now = await listeners();
      return now.length === 1 && now[0] !== lost;
    });

    const appended = newEvent('AfterReconnect');
    await writer.appendToStream(`other-${randomUUID()}`, [appended], { expectedRevision: 'no_stream' });
    const received: IteratorResult<RecordedEvent> = await first;
    expect(received.done ? null : received.value.eventId).toBe(appended.eventId);

    // Closing the last subscription closes the LISTEN connection too.
    await subscription.close();
    await until(async () => (await listeners()).length === 0);
  });

  it('lets go of the LISTEN connection when a for-await loop over a subscription breaks', async () => {
    const writer = createPostgresEventStore(database.pool(2));
    const reader = createPostgresEventStore(database.pool(2), { listen: true });
    onTestFinished(() => reader.close());
    const appended = newEvent('Once');
    const head = await writer.headPosition();
    await writer.appendToStream(`once-${randomUUID()}`, [appended], { expectedRevision: 'no_stream' });

    const seen: string[] = [];
    for await (const event of reader.subscribeToAll({ after: head })) {
      seen.push(event.eventId);
      await until(async () => (await listeners()).length === 1);
      break;
    }
    expect(seen).toEqual([appended.eventId]);
    await until(async () => (await listeners()).length === 0);
  });
});
