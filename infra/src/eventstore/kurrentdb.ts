import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type Subscription,
} from '@moncafe/domain/ports';
import { categoryOf } from '@moncafe/domain/streams';
import { inAppendSpan } from '../tracing/tracing';

/**
 * The event store on KurrentDB (EventStoreDB), used when EVENTSTORE_URL is set. A position is
 * the event's commit position in the server's transaction log, as a number: unique per event
 * and increasing in `$all` order, far below 2^53 for any log a cafe will write. Only our own
 * events are handed out: the server's `$`-prefixed system streams and event types are left out.
 */
export function createKurrentDbEventStore(connectionString: string): EventStore {
  const client = KurrentDBClient.connectionString(connectionString);
  const subscriptions = new Set<Subscription>();

  function isOurs(resolved: AllStreamResolvedEvent | ResolvedEvent): boolean {
    const event = resolved.event;
    return event !== undefined && !event.type.startsWith('$') && !event.streamId.startsWith('$');
  }

  function positionOf(resolved: AllStreamResolvedEvent | ResolvedEvent): number {
    // Reads from $all always carry the position; stream reads do on servers newer than 22.6.
    const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
    return commit === undefined ? 0 : Number(commit);
  }

  function toRecorded(resolved: AllStreamResolvedEvent | ResolvedEvent): RecordedEvent {
    const event = resolved.event;
    if (!event) throw new Error('KurrentDB returned a link without its event');
    if (!event.isJson) throw new Error(`event ${event.id} in ${event.streamId} is not JSON`);
    return {
      eventId: event.id,
      streamId: event.streamId,
      revision: Number(event.revision),
      position: positionOf(resolved),
      type: event.type,
      data: event.data,
      metadata: event.metadata as unknown as EventMetadata,
      recordedAt: event.created,
    };
  }

  function fromPosition(after: number): ReadPosition {
    return after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
  }

  function toStreamState(expected: ExpectedRevision): AppendStreamState {
    if (expected === 'any') return ANY;
    if (expected === 'no_stream') return NO_STREAM;
    return BigInt(expected);
  }

  function fromStreamState(actual: CurrentStreamState): number | 'no_stream' {
    return actual === NO_STREAM ? 'no_stream' : Number(actual);
  }

  const store: EventStore = {
    async appendToStream(streamId, given, { expectedRevision }) {
      if (given.length === 0) throw new Error('appendToStream needs at least one event');
      try {
        const result = await inAppendSpan(streamId, given, (events) =>
          client.appendToStream(
            streamId,
            events.map((e) =>
              jsonEvent({
                id: e.eventId,
                type: e.type,
                // The client serializes with JSON.stringify; its type only names the usual roots.
                data: e.data as JSONType,
                metadata: e.metadata as unknown as JSONType,
              }),
            ),
            { streamState: toStreamState(expectedRevision) },
          ),
        );
        return {
          nextExpectedRevision: Number(result.nextExpectedRevision),
          lastPosition: result.position ? Number(result.position.commit) : await store.headPosition(),
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) throw new WrongExpectedRevisionError(streamId, expectedRevision, fromStreamState(error.actualState));
        throw error;
      }
    },

    async readStream(streamId, readOptions) {
      const recorded: RecordedEvent[] = [];
      try {
        const from = readOptions?.fromRevision;
        for await (const resolved of client.readStream(streamId, {
          direction: FORWARDS,
          fromRevision: from ? BigInt(from) : START,
          ...(readOptions?.maxCount === undefined ? {} : { maxCount: readOptions.maxCount }),
        })) {
          if (resolved.event) recorded.push(toRecorded(resolved));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return recorded;
    },

    // No read of several streams in KurrentDB's client: one read each, all at once.
    async readStreams(from) {
      return new Map(
        await Promise.all(from.map(async ({ streamId, fromRevision }) => [streamId, await store.readStream(streamId, { fromRevision })] as const)),
      );
    },

    // No batch read by stream and revision in KurrentDB's client: one read each, all at once.
    async readEvents(at) {
      return Promise.all(
        at.map(async ({ streamId, revision }) => {
          const [event] = await store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
          return event?.revision === revision ? event : null;
        }),
      );
    },

    async readAll(options) {
      const after = options?.after ?? 0;
      const maxCount = options?.maxCount ?? Number.MAX_SAFE_INTEGER;
      const upTo = options?.upTo ?? Number.MAX_SAFE_INTEGER;
      const categories = options?.categories && new Set(options.categories);
      const recorded: RecordedEvent[] = [];
      if (maxCount <= 0) return recorded;
      // Reading from a position includes the event at it; `after` is exclusive, so it is skipped.
      const reader = client.readAll({ direction: FORWARDS, fromPosition: fromPosition(after), filter: excludeSystemEvents() });
      for await (const resolved of reader) {
        if (!isOurs(resolved) || positionOf(resolved) <= after) continue;
        if (positionOf(resolved) > upTo) break;
        // Categories are picked here rather than by a server-side filter: the rebuild that asks
        // for them reads each lane once, and this store is not its fast path (decision 145).
        if (categories && !categories.has(categoryOf(resolved.event!.streamId))) continue;
        recorded.push(toRecorded(resolved));
        if (recorded.length >= maxCount) break; // leaving the loop cancels the server read
      }
      return recorded;
    },

    subscribeToAll(options): Subscription {
      const after = options?.after ?? 0;
      const source = client.subscribeToAll({ fromPosition: fromPosition(after), filter: excludeSystemEvents() });
      let closed = false;
      async function stop() {
        if (closed) return;
        closed = true;
        subscriptions.delete(subscription);
        await source.unsubscribe();
      }
      async function* iterate(): AsyncGenerator<RecordedEvent> {
        let checkpoint = after;
        try {
          for await (const resolved of source) {
            if (closed) return;
            if (!isOurs(resolved)) continue;
            const position = positionOf(resolved);
            // The server may resend the starting event; hand each position out once, in order.
            if (position <= checkpoint) continue;
            checkpoint = position;
            yield toRecorded(resolved);
          }
        } finally {
          // A `break` out of `for await` ends the server-side subscription as close() does.
          await stop().catch(() => {});
        }
      }
      const iterator = iterate();
      const subscription: Subscription = {
        [Symbol.asyncIterator]: () => iterator,
        close: stop,
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      for await (const resolved of client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        filter: excludeSystemEvents(),
      })) {
        if (isOurs(resolved)) return positionOf(resolved);
      }
      return 0;
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
  return store;
}
