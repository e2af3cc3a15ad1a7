import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { NewEvent, RecordedEvent } from '@moncafe/domain/ports';
import {
  LISTENER_APPLICATION_NAME,
  appendStatement,
  createPostgresEventStore,
  eventStoreMigrations,
  heldBackStatement,
  readAllStatement,
} from '@moncafe/infra/eventstore/postgres';
import { postgresUrl, createTestDatabase, type TestDatabase } from '../support/services';
import { until } from '../support/until';

/**
 * What only the PostgreSQL adapter has to show: an append that commits late is never skipped
 * (a later one commits at once but is held back from readers until it does, decision 040), and
 * readers in other processes are woken by NOTIFY and keep being woken after their LISTEN
 * connection is lost.
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

  it('does not skip a late-committing append: a later append commits at once but is held back until the earlier one commits', async () => {
    const store = createPostgresEventStore(database.pool(3), { pollMs: 10 * 60_000 });
    onTestFinished(() => store.close());
    const head = await store.headPosition();
    const slow = newEvent('Slow');
    const fast = newEvent('Fast');

    // A writer that has taken its position but not yet committed: the append statement inside a
    // transaction that is still open.
    const slowWriter = await admin.connect();
    onTestFinished(() => slowWriter.release());
    await slowWriter.query('begin');
    await slowWriter.query(appendStatement(`slow-${randomUUID()}`, [slow], -1));

    // Appends do not wait for each other: the later one commits now, with a larger position.
    const fastResult = await store.appendToStream(`fast-${randomUUID()}`, [fast], { expectedRevision: 'no_stream' });
    const { rows } = await admin.query<{ committed: number }>('select count(*)::int as committed from events where event_id = $1', [fast.eventId]);
    expect(rows[0]!.committed).toBe(1);

    // A reader that took it now would move its checkpoint past the slow append's position and
    // never see it: so no reader of all streams sees it yet, and "now" has not moved.
    expect(await store.readAll({ after: head })).toEqual([]);
    expect(await store.headPosition()).toBe(head);
    const subscription = store.subscribeToAll({ after: head });
    onTestFinished(() => subscription.close());
    const iterator = subscription[Symbol.asyncIterator]();
    const firstTwo = Promise.all([iterator.next(), iterator.next()]);

    await slowWriter.query('commit');
    const all = await store.readAll({ after: head });
    expect(all.map((e) => e.eventId)).toEqual([slow.eventId, fast.eventId]);
    expect(all[1]!.position).toBe(fastResult.lastPosition);
    expect(all[0]!.position).toBeLessThan(all[1]!.position);
    // The subscriber, woken by nothing but its own re-reads while the event was held back, gets both in order.
    expect((await firstTwo).map((r) => (r.done ? null : r.value.eventId))).toEqual([slow.eventId, fast.eventId]);
  });

  it("is not held back by a write still open in another database of the server: only this database's transactions can append here (decision 430)", async () => {
    const store = createPostgresEventStore(database.pool(3), { pollMs: 10 * 60_000 });
    onTestFinished(() => store.close());
    // Another database on the same server (another cafe, an import, a test) with a write open:
    // its transaction id is older than the append's, and transaction ids are the cluster's.
    const other = await createTestDatabase(serverUrl!, 'moncafe_pg_store_other', { migrations: eventStoreMigrations });
    const longWriter = await other.pool(1).connect();
    try {
      await longWriter.query('begin');
      await longWriter.query(appendStatement(`elsewhere-${randomUUID()}`, [newEvent('Elsewhere')], -1));

      const head = await store.headPosition();
      const event = newEvent('Here');
      const appended = await store.appendToStream(`here-${randomUUID()}`, [event], { expectedRevision: 'no_stream' });
      // Readers of this store see it at once, while the other database's write is still open.
      expect((await store.readAll({ after: head })).map((e) => e.eventId)).toEqual([event.eventId]);
      expect(await store.headPosition()).toBe(appended.lastPosition);
    } finally {
      await longWriter.query('rollback').catch(() => undefined);
      longWriter.release();
      await other.drop();
    }
  });

  it('sends appends to different streams that wait together as one statement, each all or nothing with its own answer', async () => {
    const store = createPostgresEventStore(database.pool(10));
    onTestFinished(() => store.close());
    const taken = `taken-${randomUUID()}`;
    await store.appendToStream(taken, [newEvent('First')], { expectedRevision: 'no_stream' });
    const fresh = Array.from({ length: 40 }, () => `fresh-${randomUUID()}`);
    const answers = await Promise.allSettled([
      ...fresh.map((id) => store.appendToStream(id, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' })),
      // Refused: the stream exists; nothing of it may be written.
      store.appendToStream(taken, [newEvent('Refused'), newEvent('Refused')], { expectedRevision: 'no_stream' }),
    ]);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ name: 'WrongExpectedRevisionError', actual: 0 });
    expect((await store.readStream(taken)).map((e) => e.type)).toEqual(['First']);
    for (const [i, id] of fresh.entries()) {
      const answer = answers[i]!;
      expect(answer.status).toBe('fulfilled');
      const read = await store.readStream(id);
      expect(read.map((e) => [e.type, e.revision])).toEqual([
        ['A', 0],
        ['B', 1],
      ]);
      expect((answer as PromiseFulfilledResult<{ lastPosition: number }>).value.lastPosition).toBe(read[1]!.position);
    }
    // Fewer transactions than appends: the ones that waited went out together.
    const { rows } = await admin.query<{ transactions: number }>(
      'select count(distinct xmin::text)::int as transactions from events where stream_id = any($1)',
      [fresh],
    );
    expect(rows[0]!.transactions).toBeLessThan(fresh.length);
  });

  it("reads a rebuild lane's categories along the position index, not by sorting the whole table (decision 147)", async () => {
    const own = await createTestDatabase(serverUrl!, 'moncafe_pg_store_plan', { migrations: eventStoreMigrations });
    onTestFinished(() => own.drop());
    const pool = own.pool(1);
    // 60,000 events of three categories, about as large as a booking's, positions as appends
    // number them, and the ANALYZE autovacuum would run.
    await pool.query(`insert into events (position, event_id, stream_id, revision, type, data, metadata)
      select i, gen_random_uuid(), (array['reservation', 'seating', 'catalog'])[1 + i % 3] || '-' || (i / 3), 0, 'Happened',
             jsonb_build_object('customer', md5(i::text) || repeat(' ', 400)), '{}'
        from generate_series(1, 60000) i`);
    await pool.query('analyze events');
    type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] };
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const plan = async () => {
      const { text, values } = readAllStatement({ after: 0, maxCount: 5000, upTo: 60000, categories: ['reservation', 'seating', 'catalog'] });
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({ text: `explain (format json) ${text}`, values });
      const all = nodes(rows[0]!['QUERY PLAN'][0].Plan);
      return { all, scan: all.find((n) => n['Relation Name'] === 'events')! };
    };
    const informed = await plan();
    expect(informed.scan['Index Name']).toBe('events_pkey');
    expect(informed.all.map((n) => n['Node Type'])).not.toContain('Sort');

    // Without the statistics PostgreSQL guesses the filter keeps about 1 % of the rows, and on a
    // table of real size plans a scan and sort of all of it (what the migration is for).
    await pool.query('drop statistics events_category');
    await pool.query('analyze events');
    const guessed = await plan();
    expect(informed.scan['Plan Rows']).toBeGreaterThan(20 * guessed.scan['Plan Rows']);

    // A subscription's idle look for a held-back event reads one entry of the position index,
    // also as the generic plan a prepared statement settles on: never the whole table.
    const client = await pool.connect();
    try {
      const { text } = heldBackStatement(0);
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare held_back(bigint) as ${text}`);
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>('explain (format json) execute held_back(60000)');
      const scans = nodes(rows[0]!['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'events');
      expect(scans.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Only Scan', 'events_pkey']]);
    } finally {
      client.release();
    }
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
