import type pg from 'pg';
import type { EventStore } from '@moncafe/domain/ports';
import { appendAnnouncer } from './announcer';
import { createAppender } from './append-to-stream';
import { notificationListener } from './listener';
import { headPosition, readAll } from './read-all';
import { readEvents } from './read-events';
import { readStream } from './read-stream';
import { readStreams } from './read-streams';
import { allStreamsSubscriptions } from './subscribe-to-all';
import { inAppendSpan } from '../../tracing/tracing';

/**
 * The event store as one PostgreSQL table, on a server or on embedded PGlite through the same
 * `pg.Pool`. Appends run in parallel and commit as a group; readers of all streams still see
 * every event once, in one total order (see docs/decisions/040-event-store-transaction-order.md,
 * which replaces 001):
 *
 * - an event's position is derived from the id of the transaction that appends it:
 *   `events_position_floor(xid) + index within the append`, and a transaction holds at most
 *   POSITIONS_PER_TRANSACTION events, so positions order events by (transaction id, index);
 * - a reader of all streams sees only positions below `events_visible_bound()`, the floor of the
 *   oldest transaction still running (`pg_snapshot_xmin`). Every transaction below it has ended,
 *   and every transaction that starts later gets a larger id, so nothing can ever appear below
 *   a position a reader has passed. An event committed while an older transaction is still open
 *   is held back until that one ends.
 *
 * An append is one statement, its own transaction: nothing else is held while it commits.
 * Each operation is its own file beside this one (append-to-stream, read-stream, read-events, read-all,
 * subscribe-to-all), as are the schema (migrations, tables) and the LISTEN/NOTIFY pair
 * (listener, announcer).
 */
export interface PostgresEventStoreOptions {
  /**
   * LISTEN on a dedicated connection so appends made by other processes wake subscribers at
   * once. Only for a real server: PGlite has one session, which a listener would occupy.
   */
  listen?: boolean;
  /**
   * Announce appends on EVENTS_CHANNEL after they commit, for readers in other processes.
   * Coalesced: at most one NOTIFY in flight, so a burst of appends costs a few of them, and
   * never inside an append's transaction (NOTIFY serializes the commits it is part of).
   * On by default; PGlite, where no other process can listen, turns it off.
   */
  notify?: boolean;
  /** How often an idle subscription re-reads anyway (the fallback when a notification is lost). */
  pollMs?: number;
}

/** The pool each store made here keeps its events on (`eventsTableOf`). */
const homes = new WeakMap<EventStore, pg.Pool>();

/**
 * The table `store` keeps its events in, when that is the `events` table of the database behind
 * `pool`: a rebuild then lets PostgreSQL fill a read model that takes a row from every event
 * straight from it (decision 144). Undefined for any other store (KurrentDB, another database).
 */
export function eventsTableOf(store: EventStore, pool: pg.Pool): string | undefined {
  return homes.get(store) === pool ? 'events' : undefined;
}

export function createPostgresEventStore(pool: pg.Pool, options: PostgresEventStoreOptions = {}): EventStore {
  const pollMs = options.pollMs ?? 1000;
  const listener = options.listen ? notificationListener(pool, () => subscriptions.wakeAll(), pollMs) : null;
  const subscriptions = allStreamsSubscriptions(pool, listener, pollMs);
  const announcer = appendAnnouncer(pool, options.notify ?? true);
  const append = createAppender(pool);

  const store: EventStore = {
    appendToStream(streamId, events, { expectedRevision }) {
      return inAppendSpan(streamId, events, (traced) => append(streamId, traced, expectedRevision)).then((result) => {
        subscriptions.wakeAll();
        announcer.announce();
        return result;
      });
    },
    readStream: (streamId, readOptions) => readStream(pool, streamId, readOptions),
    readEvents: (at) => readEvents(pool, at),
    readStreams: (from) => readStreams(pool, from),
    readAll: (readOptions) => readAll(pool, readOptions),
    subscribeToAll: (subscribeOptions) => subscriptions.subscribeToAll(subscribeOptions),
    headPosition: () => headPosition(pool),
    async close() {
      // No announcement starts from here on; the one in flight is awaited after the subscriptions end.
      const announced = announcer.stop();
      await subscriptions.closeAll();
      await announced;
      await listener?.stop();
    },
  };
  homes.set(store, pool);
  return store;
}
