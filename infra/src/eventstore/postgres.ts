import { sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type RecordedEvent,
  type Subscription,
} from '@moncafe/domain/ports';
import { followAll } from './follow';

/**
 * The event store as one PostgreSQL table, on a server or on embedded PGlite through the same
 * `pg.Pool`. Appends are serialized by a transaction-level advisory lock, so positions are
 * handed out and committed in the same order and `position > checkpoint` never skips an event
 * (see docs/decisions/001-event-store-ordering.md).
 */

/** Key of the advisory lock every append takes first. An arbitrary constant, only unique to this table's writers. */
export const APPEND_LOCK_KEY = 4_720_250_915_001;

/** Channel the append transaction notifies on, so readers in other processes wake at once. */
export const EVENTS_CHANNEL = 'moncafe_events';

export const eventStoreMigrations: Record<string, Migration> = {
  '2026-11-22T00-00-events': {
    // Migrations are frozen in time and must not depend on today's Database type.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('events')
        .addColumn('position', 'bigserial', (c) => c.primaryKey())
        .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('revision', 'bigint', (c) => c.notNull().check(sql`revision >= 0`))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('metadata', 'jsonb', (c) => c.notNull())
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        // Also the index behind readStream and the "current revision" lookup of every append.
        .addUniqueConstraint('events_stream_revision_key', ['stream_id', 'revision'])
        .execute();
      // Rebuilding one read model or scanning for one kind of event without reading everything.
      await db.schema.createIndex('events_type_position_idx').on('events').columns(['type', 'position']).execute();
      // Following one command's effects when tracing a request or an incident.
      await db.schema
        .createIndex('events_correlation_idx')
        .on('events')
        .expression(sql`(metadata ->> 'correlationId')`)
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropTable('events').execute();
    },
  },
};

interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

const COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    // int8 is parsed as a number by connection.ts; Number() keeps this right if a pool without that parser is passed.
    revision: Number(row.revision),
    position: Number(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: number): void {
  if (expected === 'any') return;
  if (expected === 'no_stream' ? current !== -1 : expected !== current)
    throw new WrongExpectedRevisionError(streamId, expected, current === -1 ? 'no_stream' : current);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return error instanceof pg.DatabaseError && error.code === '23505' && error.constraint === constraint;
}

export interface PostgresEventStoreOptions {
  /**
   * LISTEN on a dedicated connection so appends made by other processes wake subscribers at
   * once. Only for a real server: PGlite has one session, which a listener would occupy.
   */
  listen?: boolean;
  /** How often an idle subscription re-reads anyway (the fallback when a notification is lost). */
  pollMs?: number;
}

export function createPostgresEventStore(pool: pg.Pool, options: PostgresEventStoreOptions = {}): EventStore {
  const pollMs = options.pollMs ?? 1000;
  const waiters = new Set<() => void>();
  const subscriptions = new Set<Subscription>();
  const listener = options.listen ? notificationListener(pool, wakeAll, pollMs) : null;

  function wakeAll() {
    for (const wake of [...waiters]) wake();
  }

  async function append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    // One JSON parameter for the whole batch: pg would turn a JS array inside `data` into a
    // PostgreSQL array literal, so everything goes through JSON.stringify ourselves.
    const batch = JSON.stringify(events.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data ?? null, metadata: e.metadata })));
    const client = await pool.connect();
    let clean = false;
    try {
      await client.query('begin');
      // First statement of the transaction: from here to commit no other append runs, so the
      // positions this one takes are committed before any larger position becomes visible.
      await client.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const head = await client.query<{ revision: number | null }>(
        'select max(revision) as revision from events where stream_id = $1',
        [streamId],
      );
      const current = head.rows[0]?.revision == null ? -1 : Number(head.rows[0].revision);
      checkExpected(streamId, expected, current);
      const inserted = await client.query<{ position: number; revision: number }>(
        `insert into events (event_id, stream_id, revision, type, data, metadata)
         select (e ->> 'eventId')::uuid, $1, $2::bigint + t.ord, e ->> 'type', e -> 'data', e -> 'metadata'
           from jsonb_array_elements($3::jsonb) with ordinality as t(e, ord)
          order by t.ord
         returning position, revision`,
        [streamId, current, batch],
      );
      const last = inserted.rows.reduce((a, b) => (Number(b.position) > Number(a.position) ? b : a));
      await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, String(last.position)]);
      await client.query('commit');
      clean = true;
      return { nextExpectedRevision: Number(last.revision), lastPosition: Number(last.position) };
    } catch (error) {
      clean = await client.query('rollback').then(
        () => true,
        () => false,
      );
      // Only reachable if something appends without the lock (a manual fix, an old process).
      if (!isUniqueViolation(error, 'events_stream_revision_key')) throw error;
    } finally {
      // A connection whose transaction state is unknown is not handed to the next caller.
      client.release(clean ? undefined : true);
    }
    // Outside the transaction: on PGlite the pool has one connection, which was just released.
    const actual = (await store.readStream(streamId)).length - 1;
    throw new WrongExpectedRevisionError(streamId, expected, actual === -1 ? 'no_stream' : actual);
  }

  const store: EventStore = {
    appendToStream(streamId, events, { expectedRevision }) {
      return append(streamId, events, expectedRevision).then((result) => {
        wakeAll();
        return result;
      });
    },

    async readStream(streamId, readOptions) {
      const { rows } = await pool.query<EventRow>(
        `select ${COLUMNS} from events where stream_id = $1 and revision >= $2 order by revision`,
        [streamId, readOptions?.fromRevision ?? 0],
      );
      return rows.map(toRecorded);
    },

    async readAll(readOptions?: ReadAllOptions) {
      const { rows } = await pool.query<EventRow>(
        `select ${COLUMNS} from events where position > $1 order by position limit $2`,
        [readOptions?.after ?? 0, readOptions?.maxCount ?? null],
      );
      return rows.map(toRecorded);
    },

    subscribeToAll(subscribeOptions): Subscription {
      listener?.retain();
      const inner = followAll(
        store,
        subscribeOptions?.after ?? 0,
        (wake) => {
          waiters.add(wake);
          return () => waiters.delete(wake);
        },
        { pollMs },
      );
      let released = false;
      const subscription: Subscription = {
        [Symbol.asyncIterator]: () => inner[Symbol.asyncIterator](),
        async close() {
          subscriptions.delete(subscription);
          if (!released) {
            released = true;
            await listener?.release();
          }
          await inner.close();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      const { rows } = await pool.query<{ head: number }>('select coalesce(max(position), 0) as head from events');
      return Number(rows[0]?.head ?? 0);
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await listener?.stop();
    },
  };
  return store;
}

/**
 * One LISTEN connection shared by every subscription of a store, opened while at least one
 * subscription is live. It sits outside the pool so it never takes a writer's connection.
 * When it drops, subscriptions fall back to polling and the listener reconnects after
 * `retryMs`.
 */
function notificationListener(pool: pg.Pool, onNotify: () => void, retryMs: number) {
  let users = 0;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  function scheduleRetry() {
    if (retry || users === 0) return;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, retryMs);
    retry.unref();
  }

  function connect() {
    if (client || connecting || users === 0) return;
    const candidate = new pg.Client(pool.options);
    const dropped = () => {
      if (client === candidate) client = null;
      candidate.end().catch(() => {});
      scheduleRetry();
    };
    candidate.on('error', dropped);
    candidate.on('end', dropped);
    candidate.on('notification', onNotify);
    connecting = candidate
      .connect()
      .then(() => candidate.query(`listen ${EVENTS_CHANNEL}`))
      .then(async () => {
        if (users === 0) {
          await candidate.end();
          return;
        }
        client = candidate;
        // Appends that committed before LISTEN took effect sent no notification we saw.
        onNotify();
      })
      .catch(() => {
        candidate.end().catch(() => {});
        scheduleRetry();
      })
      .finally(() => {
        connecting = null;
      });
  }

  async function disconnect() {
    if (retry) clearTimeout(retry);
    retry = null;
    await connecting;
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  }

  return {
    retain() {
      users++;
      connect();
    },
    async release() {
      users = Math.max(0, users - 1);
      if (users === 0) await disconnect();
    },
    async stop() {
      users = 0;
      await disconnect();
    },
  };
}
