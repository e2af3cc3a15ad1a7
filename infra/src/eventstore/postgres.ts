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
import { followAll } from '@moncafe/domain/follow-all';

/**
 * The event store as one PostgreSQL table, on a server or on embedded PGlite through the same
 * `pg.Pool`. Appends are serialized by a transaction-level advisory lock, so positions are
 * handed out and committed in the same order and `position > checkpoint` never skips an event
 * (see docs/decisions/001-event-store-ordering.md).
 *
 * An append is one call of the `append_events` function the migration creates: the lock is held
 * only while the server runs that one statement and commits, never across a network round trip,
 * which keeps the serialized section as short as it can be.
 */

/** Key of the advisory lock every append takes first (the literal in `append_events`). */
export const APPEND_LOCK_KEY = 4_720_250_915_001;

/** Channel the append transaction notifies on, so readers in other processes wake at once. */
export const EVENTS_CHANNEL = 'moncafe_events';

/** How the LISTEN connection shows up in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'moncafe-events-listener';

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
      // p_expected: null = any, -1 = no stream, n = the revision of the stream's last event.
      // On a mismatch nothing is written and the current revision comes back with conflict = true.
      await sql`
        create function append_events(p_stream_id text, p_expected bigint, p_events jsonb)
          returns table (conflict boolean, current_revision bigint, last_revision bigint, last_position bigint)
          language plpgsql as $$
        declare
          v_current bigint;
          v_last_revision bigint;
          v_last_position bigint;
        begin
          -- First, before a position is taken: appends commit in the order they number events.
          perform pg_advisory_xact_lock(4720250915001);
          select coalesce(max(e.revision), -1) into v_current from events e where e.stream_id = p_stream_id;
          if p_expected is not null and p_expected <> v_current then
            return query select true, v_current, null::bigint, null::bigint;
            return;
          end if;
          with inserted as (
            insert into events (event_id, stream_id, revision, type, data, metadata)
            select (x.e ->> 'eventId')::uuid, p_stream_id, v_current + x.ord, x.e ->> 'type', x.e -> 'data', x.e -> 'metadata'
              from jsonb_array_elements(p_events) with ordinality as x(e, ord)
             order by x.ord
            returning events.position, events.revision
          )
          select max(i.revision), max(i.position) into v_last_revision, v_last_position from inserted i;
          -- Delivered on commit, to every LISTEN connection (readers in other processes).
          perform pg_notify('${sql.raw(EVENTS_CHANNEL)}', v_last_position::text);
          return query select false, v_current, v_last_revision, v_last_position;
        end
        $$`.execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await sql`drop function append_events(text, bigint, jsonb)`.execute(db);
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
    const { rows } = await pool.query<{ conflict: boolean; current_revision: number; last_revision: number; last_position: number }>(
      'select * from append_events($1, $2, $3::jsonb)',
      [streamId, expected === 'any' ? null : expected === 'no_stream' ? -1 : expected, batch],
    );
    const result = rows[0];
    if (!result) throw new Error('append_events returned nothing');
    if (result.conflict) {
      const actual = Number(result.current_revision);
      throw new WrongExpectedRevisionError(streamId, expected, actual === -1 ? 'no_stream' : actual);
    }
    return { nextExpectedRevision: Number(result.last_revision), lastPosition: Number(result.last_position) };
  }

  const store: EventStore = {
    appendToStream(streamId, events, { expectedRevision }) {
      return append(streamId, events, expectedRevision).then((result) => {
        wakeAll();
        return result;
      });
    },

    async readStream(streamId, readOptions) {
      const { rows } = await pool.query<EventRow>(`select ${COLUMNS} from events where stream_id = $1 and revision >= $2 order by revision`, [
        streamId,
        readOptions?.fromRevision ?? 0,
      ]);
      return rows.map(toRecorded);
    },

    async readAll(readOptions?: ReadAllOptions) {
      const { rows } = await pool.query<EventRow>(`select ${COLUMNS} from events where position > $1 order by position limit $2`, [
        readOptions?.after ?? 0,
        readOptions?.maxCount ?? null,
      ]);
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
      async function release() {
        if (released) return;
        released = true;
        subscriptions.delete(subscription);
        await listener?.release();
      }
      // Ending the iteration (a `break` out of `for await`) lets go of the LISTEN connection too.
      async function* iterate(): AsyncGenerator<RecordedEvent> {
        try {
          yield* inner;
        } finally {
          await release();
        }
      }
      const iterator = iterate();
      const subscription: Subscription = {
        [Symbol.asyncIterator]: () => iterator,
        async close() {
          await release();
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
    const candidate = new pg.Client({ ...pool.options, application_name: LISTENER_APPLICATION_NAME });
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
