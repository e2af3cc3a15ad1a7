import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '../ports';
import { followAll } from '../follow-all';
import { categoryOf } from '../streams';

/** An event store in process memory, for unit tests (it passes the same contract suite as the real ones: tests/contract). */
export function memoryEventStore(now: () => Date = () => new Date()): EventStore {
  const all: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const waiters = new Set<() => void>();

  function check(streamId: string, expected: Parameters<EventStore['appendToStream']>[2]['expectedRevision'], current: number) {
    if (expected === 'any') return;
    if (expected === 'no_stream' ? current !== -1 : expected !== current)
      throw new WrongExpectedRevisionError(streamId, expected, current === -1 ? 'no_stream' : current);
  }

  const store: EventStore = {
    async appendToStream(streamId, events, { expectedRevision }) {
      const stream = streams.get(streamId) ?? [];
      check(streamId, expectedRevision, stream.length - 1);
      if (events.length === 0) throw new Error('appendToStream needs at least one event');
      for (const e of events) {
        const recorded: RecordedEvent = {
          eventId: e.eventId,
          streamId,
          revision: stream.length,
          position: all.length + 1,
          type: e.type,
          data: structuredClone(e.data),
          metadata: { ...e.metadata },
          recordedAt: now(),
        };
        stream.push(recorded);
        all.push(recorded);
      }
      streams.set(streamId, stream);
      for (const wake of [...waiters]) wake();
      return { nextExpectedRevision: stream.length - 1, lastPosition: all.length };
    },
    async readStream(streamId, options) {
      const from = options?.fromRevision ?? 0;
      return (streams.get(streamId) ?? []).slice(from, options?.maxCount === undefined ? undefined : from + options.maxCount);
    },
    async readStreams(from) {
      return new Map(from.map(({ streamId, fromRevision }) => [streamId, (streams.get(streamId) ?? []).slice(fromRevision)]));
    },
    async readEvents(at) {
      return at.map(({ streamId, revision }) => streams.get(streamId)?.[revision] ?? null);
    },
    async readAll(options) {
      const after = options?.after ?? 0;
      const upTo = options?.upTo ?? Infinity;
      const categories = options?.categories && new Set(options.categories);
      const maxCount = options?.maxCount ?? Infinity;
      const events: RecordedEvent[] = [];
      for (let i = after; i < all.length && all[i]!.position <= upTo && events.length < maxCount; i++)
        if (!categories || categories.has(categoryOf(all[i]!.streamId))) events.push(all[i]!);
      return events;
    },
    subscribeToAll(options) {
      return followAll(store, options?.after ?? 0, (wake) => {
        waiters.add(wake);
        return () => waiters.delete(wake);
      });
    },
    async headPosition() {
      return all.length;
    },
    async close() {},
  };
  return store;
}
