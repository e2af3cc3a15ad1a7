import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '@moncafe/domain/ports';
import { appendStatement, createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { postgresUrl, createTestDatabase, type TestDatabase } from '../support/services';

/**
 * The property the ordering decision exists for (docs/decisions/040-event-store-transaction-order.md):
 * while many writers append at once, a reader that follows `position > checkpoint` sees every
 * event exactly once. A position taken early but committed late would be skipped by a reader
 * that has already moved past it, unless readers are held below the oldest open transaction.
 */
const serverUrl = await postgresUrl();

const WRITERS = 8;
const EVENTS_PER_WRITER = 500;
const TOTAL = WRITERS * EVENTS_PER_WRITER;
const SUBSCRIBE_AT = 1000;

describe.skipIf(!serverUrl)('concurrent appends on PostgreSQL', () => {
  let database: TestDatabase;
  let writerPool: pg.Pool;
  let readerPool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_concurrency', { migrations: eventStoreMigrations });
    // One connection per writer plus one spare, so writers really run side by side.
    writerPool = database.pool(WRITERS + 1);
    readerPool = database.pool(2);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it(`a subscriber started mid-way receives all ${TOTAL} events of ${WRITERS} writers exactly once, in position order`, async () => {
    const writerStore = createPostgresEventStore(writerPool);
    // The reader is another store on its own pool, as the worker process would be: it learns of
    // the writers' appends through LISTEN/NOTIFY (or polling), not through in-process wake-ups.
    const readerStore = createPostgresEventStore(readerPool, { listen: true, pollMs: 200 });
    onTestFinished(async () => {
      await readerStore.close(); // closes the subscription and the LISTEN connection
      await writerStore.close();
    });

    const written = new Set<string>();
    let subscriberStart: () => void = () => {};
    const reachedThreshold = new Promise<void>((resolve) => (subscriberStart = resolve));
    let conflictsRetried = 0;
    const shared = `shared-${randomUUID()}`;

    function newEvent(writer: number, i: number): NewEvent {
      return {
        eventId: randomUUID(),
        type: i % 4 === 0 ? 'SharedTouched' : 'OwnAppended',
        data: { writer, i },
        metadata: { correlationId: randomUUID(), causationId: null, actor: `writer-${writer}`, storeId: 'store-1' },
      };
    }

    async function writer(index: number, store: EventStore): Promise<void> {
      const own = `own-${index}-${randomUUID()}`;
      let ownRevision = -1;
      let sharedRevision = -1;
      let i = 0;
      while (i < EVENTS_PER_WRITER) {
        // Batches of 1–3 events; every fourth batch goes to the stream all writers contend for.
        const size = Math.min(1 + (i % 3), EVENTS_PER_WRITER - i);
        const batch = Array.from({ length: size }, (_, k) => newEvent(index, i + k));
        if (i % 4 === 0 && index % 2 === 0) {
          // Half the writers append to the shared stream whatever its revision…
          await store.appendToStream(shared, batch, { expectedRevision: 'any' });
        } else if (i % 4 === 0) {
          // …the others with an exact expected revision, reloaded and retried on conflict, as command handlers do.
          try {
            const result = await store.appendToStream(shared, batch, {
              expectedRevision: sharedRevision < 0 ? 'no_stream' : sharedRevision,
            });
            sharedRevision = result.nextExpectedRevision;
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            conflictsRetried++;
            // Reload only what the other writers added since the revision this writer knew.
            const newer = await store.readStream(shared, { fromRevision: sharedRevision + 1 });
            sharedRevision = newer.at(-1)?.revision ?? sharedRevision;
            continue;
          }
        } else {
          const result = await store.appendToStream(own, batch, {
            expectedRevision: ownRevision < 0 ? 'no_stream' : ownRevision,
          });
          ownRevision = result.nextExpectedRevision;
        }
        for (const e of batch) written.add(e.eventId);
        i += size;
        if (written.size >= SUBSCRIBE_AT) subscriberStart();
      }
    }

    // Written once every writer is done: when the subscriber reaches it, it has seen everything
    // it will ever see, so a skipped event fails the assertions below at once instead of hanging.
    const sentinel = newEvent(99, 0);
    const received: RecordedEvent[] = [];
    let writtenWhenSubscribed = 0;
    const subscriberDone = reachedThreshold.then(async () => {
      writtenWhenSubscribed = written.size;
      const subscription = readerStore.subscribeToAll({ after: 0 });
      for await (const event of subscription) {
        if (event.eventId === sentinel.eventId) return;
        received.push(event);
      }
      throw new Error(`subscription ended after ${received.length} events, before the sentinel`);
    });

    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w, writerStore)));
    expect(written.size).toBe(TOTAL);
    await writerStore.appendToStream(`sentinel-${randomUUID()}`, [sentinel], { expectedRevision: 'no_stream' });
    await subscriberDone;

    // Started part-way: some events were already in, the others arrived live.
    expect(writtenWhenSubscribed).toBeGreaterThanOrEqual(SUBSCRIBE_AT);
    expect(writtenWhenSubscribed).toBeLessThan(TOTAL);
    const ids = received.map((e) => e.eventId);
    expect(
      [...written].filter((id) => !ids.includes(id)),
      'events the subscriber never received',
    ).toEqual([]);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    for (let i = 1; i < received.length; i++) expect(received[i]!.position).toBeGreaterThan(received[i - 1]!.position);

    // Every writer really contended for the shared stream, and the stream has no gaps.
    const sharedEvents = await writerStore.readStream(shared);
    expect(sharedEvents.map((e) => e.revision)).toEqual(sharedEvents.map((_, i) => i));
    expect(new Set(sharedEvents.map((e) => e.metadata.actor)).size).toBe(WRITERS);
    console.info(`concurrent appends: ${conflictsRetried} conflicts on the shared stream were retried`);
  });

  it('a subscriber receives every event of 16 writers whose transactions commit after random delays, exactly once, in position order', async () => {
    const writers = 16;
    const appendsPerWriter = 60;
    // Each append runs in a transaction of its own that stays open 0–6 ms after its position is
    // taken, so later positions keep committing before earlier ones.
    const pool = database.pool(writers + 1);
    const readerStore = createPostgresEventStore(readerPool, { listen: true, pollMs: 200 });
    const writerStore = createPostgresEventStore(pool);
    onTestFinished(async () => {
      await readerStore.close();
      await writerStore.close();
    });
    const head = await readerStore.headPosition();
    const written: string[] = [];
    const sentinel: NewEvent = {
      eventId: randomUUID(),
      type: 'Sentinel',
      data: {},
      metadata: { correlationId: randomUUID(), causationId: null, actor: 'test', storeId: null },
    };

    const received: RecordedEvent[] = [];
    const subscription = readerStore.subscribeToAll({ after: head });
    const subscriberDone = (async () => {
      for await (const event of subscription) {
        if (event.eventId === sentinel.eventId) return;
        received.push(event);
      }
      throw new Error(`subscription ended after ${received.length} events, before the sentinel`);
    })();

    async function slowWriter(index: number) {
      const streamId = `slow-${index}-${randomUUID()}`;
      for (let i = 0; i < appendsPerWriter; i++) {
        const batch: NewEvent[] = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
          eventId: randomUUID(),
          type: 'SlowlyCommitted',
          data: { index, i, k },
          metadata: { correlationId: randomUUID(), causationId: null, actor: `writer-${index}`, storeId: 'store-1' },
        }));
        const client = await pool.connect();
        try {
          await client.query('begin');
          await delay(Math.random() * 2);
          await client.query(appendStatement(streamId, batch, i === 0 ? -1 : null));
          await delay(Math.random() * 6);
          await client.query('commit');
        } finally {
          client.release();
        }
        written.push(...batch.map((e) => e.eventId));
      }
    }

    await Promise.all(Array.from({ length: writers }, (_, w) => slowWriter(w)));
    await writerStore.appendToStream(`sentinel-${randomUUID()}`, [sentinel], { expectedRevision: 'no_stream' });
    await subscriberDone;

    const ids = received.map((e) => e.eventId);
    expect(
      written.filter((id) => !ids.includes(id)),
      'events the subscriber never received',
    ).toEqual([]);
    expect(ids).toHaveLength(written.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < received.length; i++) expect(received[i]!.position).toBeGreaterThan(received[i - 1]!.position);
    // Each stream's events come in revision order within the total order.
    const lastRevision = new Map<string, number>();
    for (const e of received) {
      expect(e.revision).toBe((lastRevision.get(e.streamId) ?? -1) + 1);
      lastRevision.set(e.streamId, e.revision);
    }
  });
});
