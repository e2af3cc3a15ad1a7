import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from '@moncafe/domain/ports';

/**
 * The one behaviour every event store adapter must show. Each adapter's test file calls this
 * with a factory; the suite shares one store across its cases, so every case writes to its
 * own fresh streams and reads the all-stream only after the head it saw when it started.
 */
export interface EventStoreUnderTest {
  store: EventStore;
  /** Releases everything the factory made (the store, its database). */
  dispose(): Promise<void>;
}

export interface EventStoreContractOptions {
  /** When set, the whole suite is reported as skipped under its name; the reason is printed. */
  skipReason?: string | null;
  /** For factories that start a server (a container may first pull its image). */
  setupTimeoutMs?: number;
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { correlationId: randomUUID(), causationId: null, actor: 'customer', storeId: 'store-1', ...overrides };
}

function event(type: string, data: unknown, meta: EventMetadata = metadata()): NewEvent {
  return { eventId: randomUUID(), type, data, metadata: meta };
}

function stream(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}

async function expectConflict(
  promise: Promise<unknown>,
  expected: { streamId: string; expected: ExpectedRevision; actual: number | 'no_stream' },
): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  const conflict = error as WrongExpectedRevisionError;
  expect({ streamId: conflict.streamId, expected: conflict.expected, actual: conflict.actual }).toEqual(expected);
}

/** Reads `count` events from a subscription's iterator, one `next()` at a time. */
async function take(iterator: AsyncIterator<RecordedEvent>, count: number): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  while (taken.length < count) {
    const next = await iterator.next();
    if (next.done) throw new Error(`subscription ended after ${taken.length} of ${count} events`);
    taken.push(next.value);
  }
  return taken;
}

function summary(events: readonly RecordedEvent[]) {
  return events.map((e) => ({ eventId: e.eventId, streamId: e.streamId, revision: e.revision, type: e.type }));
}

export function eventStoreContract(name: string, create: () => Promise<EventStoreUnderTest>, options: EventStoreContractOptions = {}): void {
  if (options.skipReason) console.warn(`skipping "${name}": ${options.skipReason}`);

  describe.skipIf(Boolean(options.skipReason))(name, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;
    const open: Subscription[] = [];

    beforeAll(async () => {
      subject = await create();
      store = subject.store;
    }, options.setupTimeoutMs);
    afterAll(async () => {
      await Promise.all(open.map((s) => s.close()));
      await subject?.dispose();
    });

    function subscribe(after?: number): Subscription {
      const subscription = store.subscribeToAll(after === undefined ? undefined : { after });
      open.push(subscription);
      return subscription;
    }

    describe('appending', () => {
      it('creates a stream with no_stream and numbers its events from revision 0', async () => {
        const id = stream();
        const result = await store.appendToStream(id, [event('SeatsHeld', { n: 1 }), event('SeatsHeld', { n: 2 })], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(1);
        const read = await store.readStream(id);
        expect(read.map((e) => e.revision)).toEqual([0, 1]);
        expect(result.lastPosition).toBe(read[1]?.position);
      });

      it('appends after the exact revision of the last event', async () => {
        const id = stream();
        await store.appendToStream(id, [event('A', {})], { expectedRevision: 'no_stream' });
        const second = await store.appendToStream(id, [event('B', {})], { expectedRevision: 0 });
        const third = await store.appendToStream(id, [event('C', {}), event('D', {})], { expectedRevision: 1 });
        expect(second.nextExpectedRevision).toBe(1);
        expect(third.nextExpectedRevision).toBe(3);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
      });

      it('appends with any to a new and to an existing stream', async () => {
        const id = stream();
        const first = await store.appendToStream(id, [event('A', {})], { expectedRevision: 'any' });
        const second = await store.appendToStream(id, [event('B', {})], { expectedRevision: 'any' });
        expect([first.nextExpectedRevision, second.nextExpectedRevision]).toEqual([0, 1]);
        expect(second.lastPosition).toBeGreaterThan(first.lastPosition);
      });

      it('refuses no_stream when the stream exists, and writes nothing', async () => {
        const id = stream();
        await store.appendToStream(id, [event('A', {})], { expectedRevision: 'no_stream' });
        await expectConflict(store.appendToStream(id, [event('B', {})], { expectedRevision: 'no_stream' }), {
          streamId: id,
          expected: 'no_stream',
          actual: 0,
        });
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A']);
      });

      it('refuses an exact revision that is behind or ahead of the stream', async () => {
        const id = stream();
        await store.appendToStream(id, [event('A', {}), event('B', {})], { expectedRevision: 'no_stream' });
        await expectConflict(store.appendToStream(id, [event('X', {})], { expectedRevision: 0 }), {
          streamId: id,
          expected: 0,
          actual: 1,
        });
        await expectConflict(store.appendToStream(id, [event('X', {})], { expectedRevision: 5 }), {
          streamId: id,
          expected: 5,
          actual: 1,
        });
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('refuses an exact revision for a stream that does not exist', async () => {
        const id = stream();
        await expectConflict(store.appendToStream(id, [event('A', {})], { expectedRevision: 0 }), {
          streamId: id,
          expected: 0,
          actual: 'no_stream',
        });
        expect(await store.readStream(id)).toEqual([]);
      });

      it('lets exactly one of several writers expecting the same revision win', async () => {
        const id = stream();
        await store.appendToStream(id, [event('Opened', {})], { expectedRevision: 'no_stream' });
        const attempts = await Promise.allSettled(
          Array.from({ length: 5 }, (_, i) => store.appendToStream(id, [event('Won', { writer: i })], { expectedRevision: 0 })),
        );
        const won = attempts.filter((a) => a.status === 'fulfilled');
        const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(4);
        for (const l of lost) expect(l.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['Opened', 'Won']);
      });
    });

    describe('reading a stream', () => {
      it('returns its events in revision order with their ids, data, metadata and time', async () => {
        const id = stream('reservation');
        const meta = metadata({ actor: 'account-7', causationId: randomUUID(), storeId: 'shibuya' });
        const data = {
          seats: [1, 2, 3],
          name: '山田 太郎',
          note: 'quote " and backslash \\ and emoji ☕',
          nested: { deposit: 1500.5, paid: false, memo: null, tags: ['窓際', 'quiet'] },
        };
        const appended = [event('ReservationRequested', data, meta), event('ReservationConfirmed', { at: '2026-11-22T10:00:00+09:00' }, meta)];
        await store.appendToStream(id, appended, { expectedRevision: 'no_stream' });

        const read = await store.readStream(id);
        expect(read.map((e) => ({ eventId: e.eventId, streamId: e.streamId, revision: e.revision, type: e.type, data: e.data, metadata: e.metadata }))).toEqual(
          appended.map((e, revision) => ({ eventId: e.eventId, streamId: id, revision, type: e.type, data: e.data, metadata: meta })),
        );
        for (const e of read) {
          expect(e.recordedAt).toBeInstanceOf(Date);
          expect(Number.isNaN(e.recordedAt.getTime())).toBe(false);
          // The time of the append (this machine's clock and the store's agree within a minute).
          expect(Math.abs(e.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
        }
        // Reading all streams gives the same time, to the millisecond.
        const all = await store.readAll({ after: read[0]!.position - 1, maxCount: 2 });
        expect(all.map((e) => e.recordedAt.getTime())).toEqual(read.map((e) => e.recordedAt.getTime()));
        expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
      });

      it('starts at fromRevision', async () => {
        const id = stream();
        await store.appendToStream(
          id,
          ['A', 'B', 'C'].map((t) => event(t, {})),
          { expectedRevision: 'no_stream' },
        );
        expect((await store.readStream(id, { fromRevision: 1 })).map((e) => [e.revision, e.type])).toEqual([
          [1, 'B'],
          [2, 'C'],
        ]);
      });

      it('stops at maxCount', async () => {
        const id = stream();
        await store.appendToStream(
          id,
          ['A', 'B', 'C', 'D'].map((t) => event(t, {})),
          { expectedRevision: 'no_stream' },
        );
        expect((await store.readStream(id, { fromRevision: 1, maxCount: 2 })).map((e) => [e.revision, e.type])).toEqual([
          [1, 'B'],
          [2, 'C'],
        ]);
        expect((await store.readStream(id, { fromRevision: 3, maxCount: 1 })).map((e) => e.type)).toEqual(['D']);
        expect(await store.readStream(id, { fromRevision: 4, maxCount: 1 })).toEqual([]);
      });

      it('returns an empty list for a stream that does not exist', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('keeps streams apart', async () => {
        const [a, b] = [stream(), stream()];
        await store.appendToStream(a, [event('A', {})], { expectedRevision: 'no_stream' });
        await store.appendToStream(b, [event('B', {})], { expectedRevision: 'no_stream' });
        expect((await store.readStream(a)).map((e) => e.type)).toEqual(['A']);
        expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B']);
      });
    });

    describe('reading events by their place', () => {
      it('returns the event at each (stream, revision) asked for, in the order asked, null where there is none', async () => {
        const [a, b] = [stream('reservation'), stream()];
        await store.appendToStream(
          a,
          ['A0', 'A1', 'A2'].map((t, i) => event(t, { i, name: '山田' })),
          { expectedRevision: 'no_stream' },
        );
        await store.appendToStream(b, [event('B0', { nested: { tags: ['窓際'] } })], { expectedRevision: 'no_stream' });
        const [streamA, streamB] = [await store.readStream(a), await store.readStream(b)];

        const read = await store.readEvents([
          { streamId: b, revision: 0 },
          { streamId: a, revision: 2 },
          { streamId: a, revision: 3 },
          { streamId: stream('missing'), revision: 0 },
          { streamId: a, revision: 0 },
          { streamId: a, revision: 2 },
        ]);
        // The same events readStream gives: ids, data, metadata, position and time.
        expect(read).toEqual([streamB[0], streamA[2], null, null, streamA[0], streamA[2]]);
        expect(await store.readEvents([])).toEqual([]);
      });

      it('reads several streams at once, each from its own revision, as readStream gives them (decision 479)', async () => {
        const [a, b, c] = [stream('ledger'), stream('ledger'), stream('missing')];
        await store.appendToStream(a, [event('A0', {}), event('A1', { n: 1 }), event('A2', { n: 2 })], { expectedRevision: 'no_stream' });
        await store.appendToStream(b, [event('B0', { nested: { tags: ['窓際'] } })], { expectedRevision: 'no_stream' });
        const [streamA, streamB] = [await store.readStream(a), await store.readStream(b)];

        const read = await store.readStreams([
          { streamId: b, fromRevision: 0 },
          { streamId: a, fromRevision: 1 },
          { streamId: c, fromRevision: 0 },
        ]);
        expect([...read.keys()].sort()).toEqual([a, b, c].sort());
        expect(read.get(a)).toEqual(streamA.slice(1));
        expect(read.get(b)).toEqual(streamB);
        expect(read.get(c)).toEqual([]);
        // Past a stream's end: nothing of it, and nothing of another.
        expect(await store.readStreams([{ streamId: a, fromRevision: 3 }])).toEqual(new Map([[a, []]]));
        expect(await store.readStreams([])).toEqual(new Map());
      });

      it('reads a page of 50 events of 50 streams', async () => {
        const ids = Array.from({ length: 50 }, () => stream());
        for (const [i, id] of ids.entries()) await store.appendToStream(id, [event('Page', { i })], { expectedRevision: 'no_stream' });
        const read = await store.readEvents(ids.map((streamId) => ({ streamId, revision: 0 })).reverse());
        expect(read.map((e) => (e?.data as { i: number }).i)).toEqual(ids.map((_, i) => 49 - i));
      });
    });

    describe('reading all streams', () => {
      it('returns events of every stream in global order after an exclusive position', async () => {
        const head = await store.headPosition();
        const [a, b] = [stream('order'), stream('stock')];
        const written = [
          { id: a, e: event('OrderPlaced', { n: 1 }) },
          { id: b, e: event('StockReserved', { n: 2 }) },
          { id: a, e: event('OrderCompleted', { n: 3 }) },
        ];
        for (const w of written) await store.appendToStream(w.id, [w.e], { expectedRevision: 'any' });

        const all = await store.readAll({ after: head });
        expect(all.map((e) => [e.streamId, e.eventId, e.data])).toEqual(written.map((w) => [w.id, w.e.eventId, w.e.data]));
        expect(all.map((e) => e.revision)).toEqual([0, 0, 1]);
        for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
        expect(await store.headPosition()).toBe(all[2]!.position);

        // `after` is exclusive: starting at the first event's position leaves it out.
        expect((await store.readAll({ after: all[0]!.position })).map((e) => e.eventId)).toEqual(written.slice(1).map((w) => w.e.eventId));
        expect(await store.readAll({ after: all[2]!.position })).toEqual([]);
      });

      it('stops at maxCount', async () => {
        const head = await store.headPosition();
        const id = stream();
        const events = ['A', 'B', 'C', 'D'].map((t) => event(t, {}));
        await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
        const firstTwo = await store.readAll({ after: head, maxCount: 2 });
        expect(firstTwo.map((e) => e.type)).toEqual(['A', 'B']);
        const rest = await store.readAll({ after: firstTwo[1]!.position, maxCount: 10 });
        expect(rest.map((e) => e.type)).toEqual(['C', 'D']);
      });

      it('reads up to an inclusive position, and only the stream categories asked for', async () => {
        const head = await store.headPosition();
        // Categories of this case alone (the suite shares one store).
        const [kept, other, alsoKept] = [0, 1, 2].map(() => `cat${randomUUID().replaceAll('-', '')}`);
        const written: [string, string][] = [
          [kept!, 'A'],
          [other!, 'B'],
          [alsoKept!, 'C'],
          [kept!, 'D'],
          [other!, 'E'],
        ];
        for (const [category, type] of written) await store.appendToStream(`${category}-${randomUUID()}`, [event(type, {})], { expectedRevision: 'no_stream' });
        const types = (events: RecordedEvent[]) => events.map((e) => e.type);
        const all = await store.readAll({ after: head });
        expect(types(all)).toEqual(['A', 'B', 'C', 'D', 'E']);

        expect(types(await store.readAll({ after: head, upTo: all[2]!.position }))).toEqual(['A', 'B', 'C']);
        expect(types(await store.readAll({ after: head, categories: [kept!, alsoKept!] }))).toEqual(['A', 'C', 'D']);
        expect(types(await store.readAll({ after: head, categories: [kept!], maxCount: 1 }))).toEqual(['A']);
        expect(types(await store.readAll({ after: all[0]!.position, upTo: all[3]!.position, categories: [kept!], maxCount: 5 }))).toEqual(['D']);
        expect(types(await store.readAll({ after: all[3]!.position, upTo: all[4]!.position, categories: [kept!] }))).toEqual([]);
        expect(await store.readAll({ after: head, categories: [] })).toEqual([]);
      });

      it('reads from the start when no position is given', async () => {
        const id = stream();
        await store.appendToStream(id, [event('A', {})], { expectedRevision: 'no_stream' });
        const all = await store.readAll();
        expect(all.length).toBeGreaterThan(0);
        expect(all.at(-1)!.streamId).toBe(id);
        expect(all[0]!.position).toBeGreaterThan(0);
        for (let i = 1; i < all.length; i++) expect(all[i]!.position).toBeGreaterThan(all[i - 1]!.position);
      });
    });

    describe('subscribing to all streams', () => {
      it('catches up from a checkpoint, then delivers live events, each once and in order', async () => {
        const before = await store.headPosition();
        const id = stream('kitchen');
        const existing = ['A', 'B', 'C'].map((t) => event(t, { t }));
        await store.appendToStream(id, existing, { expectedRevision: 'no_stream' });

        const subscription = subscribe(before);
        const iterator = subscription[Symbol.asyncIterator]();
        const caughtUp = await take(iterator, 3);
        expect(caughtUp.map((e) => e.eventId)).toEqual(existing.map((e) => e.eventId));

        // Appended only after the subscription has handed out everything that existed.
        const other = stream('kitchen');
        const live = [event('D', {}), event('E', {})];
        await store.appendToStream(id, [live[0]!], { expectedRevision: 2 });
        await store.appendToStream(other, [live[1]!], { expectedRevision: 'no_stream' });
        const sentinel = event('Sentinel', {});
        await store.appendToStream(other, [sentinel], { expectedRevision: 0 });

        // Everything up to the sentinel: a duplicate or a stray event would show up here.
        const delivered = await take(iterator, 3);
        expect(summary(delivered)).toEqual([
          { eventId: live[0]!.eventId, streamId: id, revision: 3, type: 'D' },
          { eventId: live[1]!.eventId, streamId: other, revision: 0, type: 'E' },
          { eventId: sentinel.eventId, streamId: other, revision: 1, type: 'Sentinel' },
        ]);
        const positions = [...caughtUp, ...delivered].map((e) => e.position);
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
        expect(new Set(positions).size).toBe(positions.length);
        expect(positions[0]).toBeGreaterThan(before);

        // close() ends an iteration that is waiting for the next event.
        const pending = iterator.next();
        await subscription.close();
        expect(await pending).toEqual({ done: true, value: undefined });
      });

      it('starts after the given position, never at or before it', async () => {
        const id = stream();
        const written = ['A', 'B', 'C'].map((t) => event(t, {}));
        await store.appendToStream(id, written, { expectedRevision: 'no_stream' });
        const positions = (await store.readStream(id)).map((e) => e.position);

        const subscription = subscribe(positions[1]);
        const iterator = subscription[Symbol.asyncIterator]();
        const [first] = await take(iterator, 1);
        expect(first!.eventId).toBe(written[2]!.eventId);
        await subscription.close();
      });

      it('from the beginning when no checkpoint is given', async () => {
        const first = (await store.readAll({ maxCount: 1 }))[0];
        const subscription = subscribe();
        const iterator = subscription[Symbol.asyncIterator]();
        const [received] = await take(iterator, 1);
        expect(received!.eventId).toBe(first!.eventId);
        await subscription.close();
      });
    });
  });
}
