import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
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
 */

/**
 * Whether this database's event positions still work: they are built from the cluster's
 * transaction ids (above), so a database restored into ANOTHER cluster with pg_dump, whose
 * transaction ids start low again, would hide every stored event from readers and number new
 * events below them (decision 198). Then the newest stored position is at or above the
 * floor of the next transaction. Answers the reason to refuse, or null.
 */
export async function restoredClusterProblem(pool: pg.Pool): Promise<string | null> {
  const { rows } = await pool.query<{ head: string; next: string }>(
    `select coalesce(max(position), 0)::text as head, events_position_floor(pg_snapshot_xmax(pg_current_snapshot()))::text as next from events`,
  );
  const { head, next } = rows[0]!;
  if (BigInt(head) < BigInt(next)) return null;
  return (
    'this database was copied from another PostgreSQL cluster (pg_dump/pg_restore or a file copy of one database): ' +
    `its events (up to position ${head}) are numbered from that cluster's transaction ids and would all be hidden here. ` +
    'Restore a backup with `npm run events:import` from an `npm run events:export` file into an empty database instead (docs/operations.md, "Backups").'
  );
}

/** Events one append may hold: the room each transaction id has in the position space. */
export const POSITIONS_PER_TRANSACTION = 4096;

/** Channel appends are announced on (after they commit), so readers in other processes wake at once. */
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
  '2026-11-22T10-00-events-transaction-order': {
    // Positions from here on come from transaction ids (decision 040). Events already stored keep
    // their positions; every new one lands above them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // An append of the old design still running (another process during an upgrade) finishes
      // first: it holds this lock until it commits, so its position is below the new base.
      await sql`select pg_advisory_xact_lock(4720250915001)`.execute(db);
      const { rows } = await sql<{ base: string; xid: string }>`
        select (coalesce(max(position), 0) + 1)::text as base, pg_current_xact_id()::text as xid from events
      `.execute(db);
      const base = BigInt(rows[0]!.base);
      const xid = BigInt(rows[0]!.xid);
      // Every later transaction has a larger id than this migration's, so its floor is above
      // every position stored so far. Literals, not a table: the function is immutable and
      // PostgreSQL inlines it into each append.
      await sql`
        create function events_position_floor(p_xid xid8) returns bigint
          language sql immutable parallel safe
          return ${sql.lit(base.toString())}::bigint + ((p_xid::text)::bigint - ${sql.lit(xid.toString())}::bigint) * ${sql.lit(POSITIONS_PER_TRANSACTION)}
      `.execute(db);
      // Positions below this belong to transactions that have all ended (committed or not).
      await sql`
        create function events_visible_bound() returns bigint
          language sql stable parallel safe
          return events_position_floor(pg_snapshot_xmin(pg_current_snapshot()))
      `.execute(db);
      // Appends name their positions; an insert that forgets to fails instead of taking one from
      // the old sequence out of order.
      await sql`alter table events alter column position drop default`.execute(db);
      // The serialized append of decision 001 must not run beside the new one.
      await sql`
        create or replace function append_events(p_stream_id text, p_expected bigint, p_events jsonb)
          returns table (conflict boolean, current_revision bigint, last_revision bigint, last_position bigint)
          language plpgsql as $$
        begin
          raise exception 'append_events was replaced by parallel appends (docs/decisions/040): upgrade this process';
        end
        $$`.execute(db);
    },
  },
  '2027-01-23T10-00-events-category-statistics': {
    // A rebuild's lane reads only its categories' events, a page at a time (decision 145). Without
    // statistics on the category PostgreSQL guesses the filter keeps about 1 % of the rows and plans the
    // first pages as a scan and sort of the whole table (150 ms a page at 100,000 events) instead
    // of walking the position index (decision 147). ANALYZE, here and in autovacuum's rounds, keeps
    // them; an append pays nothing for them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql`create statistics events_category on (split_part(stream_id, '-', 1)) from events`.execute(db);
      await sql`analyze events`.execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await sql`drop statistics events_category`.execute(db);
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
  /** Milliseconds since the epoch: a number is parsed several times faster than a timestamp's text. */
  recorded_at: number;
}

const COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, floor(extract(epoch from recorded_at) * 1000)::float8 as recorded_at';

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
    recordedAt: new Date(row.recorded_at),
  };
}

/**
 * The statement that reads events after `after`, in position order. Subscriptions read every
 * event (the first form); a rebuild reads up to a position and, for a lane of projectors that
 * declare them, only their streams' categories (walking the position index: the statistics of
 * the migration `events-category-statistics` tell PostgreSQL how many rows the filter keeps).
 */
export function readAllStatement({ after = 0, maxCount, upTo, categories }: ReadAllOptions = {}): Statement {
  return upTo === undefined && categories === undefined
    ? {
        name: 'moncafe-read-all',
        text: `select ${COLUMNS} from events where position > $1 and position < events_visible_bound() order by position limit $2`,
        values: [after, maxCount ?? null],
      }
    : {
        name: 'moncafe-read-all-of',
        text: `select ${COLUMNS} from events
                where position > $1 and position < events_visible_bound()
                  and ($3::bigint is null or position <= $3)
                  and ($4::text[] is null or split_part(stream_id, '-', 1) = any($4::text[]))
                order by position limit $2`,
        values: [after, maxCount ?? null, upTo ?? null, categories ?? null],
      };
}

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

/** Pause between two announcements while appends keep coming. */
const NOTIFY_SPACING_MS = 5;
/** Re-reads while an event is held back by an older transaction: from 1 ms, doubling up to this. */
const HELD_BACK_MAX_WAIT_MS = 32;
/** Append statements on their way at once; later appends wait and go out together (group commit). */
const MAX_APPENDS_IN_FLIGHT = 2;
/** Retries of an `any` append that raced another append to the same stream for the same revision. */
const ANY_APPEND_ATTEMPTS = 50;
/** Constraint names of the events table (created by the first migration). */
const STREAM_REVISION_KEY = 'events_stream_revision_key';
const POSITION_KEY = 'events_pkey';

/** A parameterized statement with a name, so each connection parses and plans it once. */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

// The stream's current revision is read in the same statement: the insert happens only when it
// is the expected one, and the unique (stream, revision) key turns a race between two appends
// that read the same revision into an error for the later one.
const CURRENT_REVISION = '(select coalesce(max(revision), -1) as revision from events where stream_id = $1) c';
const EXPECTED = '$3::bigint is null or $3::bigint = c.revision';

/**
 * The statement that appends `events` to a stream, as its own transaction. Exported for the
 * tests that hold an append open inside a transaction; the store is its only other user.
 * `expected`: null = any, -1 = no stream, n = the revision of the stream's last event. When the
 * stream is not at the expected revision it inserts nothing and returns no rows.
 */
export function appendStatement(streamId: string, events: readonly NewEvent[], expected: number | null): Statement {
  if (events.length === 1) {
    const [e] = events as [NewEvent];
    return {
      name: 'moncafe-append-one',
      text: `insert into events (position, event_id, stream_id, revision, type, data, metadata)
             select events_position_floor(pg_current_xact_id()), $2::uuid, $1::text, c.revision + 1, $4::text, $5::jsonb, $6::jsonb
               from ${CURRENT_REVISION}
              where ${EXPECTED}
             returning position, revision`,
      // pg would turn a JS array inside `data` into a PostgreSQL array literal: JSON goes as text.
      values: [streamId, e.eventId, expected, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.metadata)],
    };
  }
  return {
    name: 'moncafe-append-many',
    text: `insert into events (position, event_id, stream_id, revision, type, data, metadata)
           select events_position_floor(pg_current_xact_id()) + x.ord - 1, x.event_id, $1::text, c.revision + x.ord, x.type, x.data, x.metadata
             from ${CURRENT_REVISION},
                  unnest($2::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality as x(event_id, type, data, metadata, ord)
            where ${EXPECTED}
           returning position, revision`,
    values: [
      streamId,
      events.map((e) => e.eventId),
      expected,
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata)),
    ],
  };
}

/** One append waiting to go out with others (different streams) in one statement. */
interface QueuedAppend {
  streamId: string;
  events: readonly NewEvent[];
  expected: number | null;
}

/**
 * Appends to several different streams as ONE statement and transaction: the appends that
 * arrived while earlier ones were on their way (group commit, one round trip for all of them).
 * Each append still inserts all of its events or none — only when its own stream is at its
 * expected revision; the others go on. Returns the rows inserted, by stream.
 */
function groupStatement(group: readonly QueuedAppend[]): Statement {
  const rows = group.flatMap((a) => a.events.map((e, i) => ({ a, e, i })));
  return {
    name: 'moncafe-append-group',
    text: `with input as (
             select * from unnest($1::text[], $2::bigint[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[]) with ordinality
               as x(stream_id, expected, ordinal, event_id, type, data, metadata, ord)
           ), current as (
             select s.stream_id, coalesce((select max(e.revision) from events e where e.stream_id = s.stream_id), -1) as revision
               from (select distinct stream_id from input) s
           )
           insert into events (position, event_id, stream_id, revision, type, data, metadata)
           select events_position_floor(pg_current_xact_id()) + i.ord - 1, i.event_id, i.stream_id, c.revision + i.ordinal, i.type, i.data, i.metadata
             from input i join current c on c.stream_id = i.stream_id
            where i.expected is null or i.expected = c.revision
           returning stream_id, position, revision`,
    values: [
      rows.map((r) => r.a.streamId),
      rows.map((r) => r.a.expected),
      rows.map((r) => r.i + 1),
      rows.map((r) => r.e.eventId),
      rows.map((r) => r.e.type),
      rows.map((r) => JSON.stringify(r.e.data ?? null)),
      rows.map((r) => JSON.stringify(r.e.metadata)),
    ],
  };
}

/** `any` → null, `no_stream` → -1, a revision as it is: what the statements compare with. */
function expectedNumber(expected: ExpectedRevision): number | null {
  return expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;
}

/** The append's result from the rows it inserted: its last revision and position. */
function resultOf(rows: readonly { position: number; revision: number }[]): AppendResult {
  let last = rows[0]!;
  for (const row of rows) if (Number(row.revision) > Number(last.revision)) last = row;
  return { nextExpectedRevision: Number(last.revision), lastPosition: Number(last.position) };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
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
  const notifyOthers = options.notify ?? true;
  const waiters = new Set<() => void>();
  const subscriptions = new Set<Subscription>();
  const listener = options.listen ? notificationListener(pool, wakeAll, pollMs) : null;
  let closed = false;

  function wakeAll() {
    for (const wake of [...waiters]) wake();
  }

  // Announcing appends to other processes: one NOTIFY in flight, the next one after a short pause.
  let announcing: Promise<void> | null = null;
  let announceAgain = false;
  let announceTimer: NodeJS.Timeout | null = null;
  function announce() {
    if (!notifyOthers || closed) return;
    announceAgain = true;
    if (announcing || announceTimer) return;
    announceAgain = false;
    announcing = pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .then(
        () => undefined,
        () => undefined, // Readers poll as well; a lost announcement only delays them.
      )
      .finally(() => {
        announcing = null;
        if (!announceAgain || closed) return;
        announceTimer = setTimeout(() => {
          announceTimer = null;
          announce();
        }, NOTIFY_SPACING_MS);
        announceTimer.unref();
      });
  }

  async function currentRevision(streamId: string): Promise<number> {
    const { rows } = await pool.query<{ revision: number }>({
      name: 'moncafe-current-revision',
      text: 'select coalesce(max(revision), -1) as revision from events where stream_id = $1',
      values: [streamId],
    });
    return Number(rows[0]?.revision ?? -1);
  }

  async function conflict(streamId: string, expected: ExpectedRevision): Promise<never> {
    const actual = await currentRevision(streamId);
    throw new WrongExpectedRevisionError(streamId, expected, actual === -1 ? 'no_stream' : actual);
  }

  /** One append as its own statement; the way every append goes when nothing else waits. */
  async function appendAlone(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const statement = appendStatement(streamId, events, expectedNumber(expected));
    for (let attempt = 1; ; attempt++) {
      let rows: { position: number; revision: number }[];
      try {
        ({ rows } = await pool.query<{ position: number; revision: number }>(statement));
      } catch (error) {
        if (isUniqueViolation(error, STREAM_REVISION_KEY)) {
          // Another append to the stream committed the same revision first.
          if (expected === 'any' && attempt < ANY_APPEND_ATTEMPTS) continue;
          return conflict(streamId, expected);
        }
        if (isUniqueViolation(error, POSITION_KEY)) {
          throw new Error('two appends in one transaction: every append must be its own transaction (docs/decisions/040)', { cause: error });
        }
        throw error;
      }
      if (rows.length === 0) return conflict(streamId, expected);
      return resultOf(rows);
    }
  }

  // Group commit: up to MAX_APPENDS_IN_FLIGHT statements on their way; appends that arrive
  // meanwhile wait and go out together, one statement for appends to different streams.
  interface Waiting extends QueuedAppend {
    expectedRevision: ExpectedRevision;
    resolve(result: AppendResult): void;
    reject(error: unknown): void;
  }
  let waiting: Waiting[] = [];
  let inFlight = 0;

  function pump() {
    while (inFlight < MAX_APPENDS_IN_FLIGHT && waiting.length > 0) {
      const group: Waiting[] = [];
      const later: Waiting[] = [];
      const streams = new Set<string>();
      let events = 0;
      for (const w of waiting) {
        // Two appends to one stream would read the same revision: the second waits for the next group.
        if (streams.has(w.streamId) || events + w.events.length > POSITIONS_PER_TRANSACTION) later.push(w);
        else {
          group.push(w);
          streams.add(w.streamId);
          events += w.events.length;
        }
      }
      waiting = later;
      inFlight++;
      void send(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  async function send(group: Waiting[]) {
    if (group.length === 1) {
      const [only] = group as [Waiting];
      await appendAlone(only.streamId, only.events, only.expectedRevision).then(only.resolve, only.reject);
      return;
    }
    let rows: { stream_id: string; position: number; revision: number }[];
    try {
      ({ rows } = await pool.query<{ stream_id: string; position: number; revision: number }>(groupStatement(group)));
    } catch {
      // One append of the group broke a key (a race with another process, a repeated event id):
      // each goes again on its own and hears its own answer.
      await Promise.all(group.map((w) => appendAlone(w.streamId, w.events, w.expectedRevision).then(w.resolve, w.reject)));
      return;
    }
    const byStream = new Map<string, { position: number; revision: number }[]>();
    for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
    await Promise.all(
      group.map(async (w) => {
        const inserted = byStream.get(w.streamId);
        if (inserted) w.resolve(resultOf(inserted));
        else await conflict(w.streamId, w.expectedRevision).catch(w.reject);
      }),
    );
  }

  function append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    if (events.length > POSITIONS_PER_TRANSACTION)
      return Promise.reject(new Error(`an append holds at most ${POSITIONS_PER_TRANSACTION} events, got ${events.length}`));
    return new Promise((resolve, reject) => {
      waiting.push({ streamId, events, expected: expectedNumber(expected), expectedRevision: expected, resolve, reject });
      pump();
    });
  }

  async function readAll(readOptions?: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>(readAllStatement(readOptions));
    return rows.map(toRecorded);
  }

  /**
   * True while an event after `after` is committed: held back behind a transaction that began
   * before it and is still open, or committed since the reader's last read (which this query's
   * newer snapshot sees and that read did not).
   */
  async function heldBack(after: number): Promise<boolean> {
    const { rows } = await pool.query<{ held: boolean }>({
      name: 'moncafe-held-back',
      text: 'select exists (select 1 from events where position > $1) as held',
      values: [after],
    });
    return rows[0]?.held === true;
  }

  const store: EventStore = {
    appendToStream(streamId, events, { expectedRevision }) {
      return append(streamId, events, expectedRevision).then((result) => {
        wakeAll();
        announce();
        return result;
      });
    },

    async readStream(streamId, readOptions) {
      // Every committed event of the stream, also one still held back from readers of all
      // streams: a command must decide on the whole stream.
      const { rows } = await pool.query<EventRow>({
        name: 'moncafe-read-stream',
        text: `select ${COLUMNS} from events where stream_id = $1 and revision >= $2 order by revision limit $3`,
        values: [streamId, readOptions?.fromRevision ?? 0, readOptions?.maxCount ?? null],
      });
      return rows.map(toRecorded);
    },

    readAll,

    subscribeToAll(subscribeOptions): Subscription {
      listener?.retain();
      const inner = followAll(
        { readAll },
        subscribeOptions?.after ?? 0,
        (wake) => {
          waiters.add(wake);
          return () => waiters.delete(wake);
        },
        { pollMs, heldBack, heldBackMaxWaitMs: HELD_BACK_MAX_WAIT_MS },
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
      // The newest event a reader of all streams can see: one held back is not "now" yet.
      const { rows } = await pool.query<{ head: number }>({
        name: 'moncafe-head-position',
        text: 'select coalesce(max(position), 0) as head from events where position < events_visible_bound()',
        values: [],
      });
      return Number(rows[0]?.head ?? 0);
    },

    async close() {
      closed = true;
      if (announceTimer) clearTimeout(announceTimer);
      announceTimer = null;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await announcing;
      await listener?.stop();
    },
  };
  homes.set(store, pool);
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
