import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { EVENTS_CHANNEL, POSITIONS_PER_TRANSACTION } from './tables';

/** The events table and its functions, oldest first: frozen in time, as every migration is. */
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
  '2027-02-10T00-00-events-visible-bound-of-this-database': {
    // Transaction ids are the cluster's, so pg_snapshot_xmin counts transactions of every
    // database on the server: a long write in another one (an import, a rebuild, another
    // cafe's or a test's database) held back every reader of this store's events, the relay and
    // live screens included, until it ended (decision 430). A transaction that another
    // database's backend is running cannot write this table: the bound passes it by. One not
    // found in pg_stat_activity (it ended meanwhile, a prepared one, another role's backend
    // whose xid is hidden) still counts, so the bound is never above an event yet to appear.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql`
        create or replace function events_visible_bound() returns bigint
          language sql stable parallel restricted
          return (
            select events_position_floor(case
              when pg_snapshot_xmin(s) = pg_snapshot_xmax(s) then pg_snapshot_xmax(s)
              else coalesce(
                (select min(x) from pg_snapshot_xip(s) as x
                  where (x::text::numeric % 4294967296)::text not in (
                    select a.backend_xid::text from pg_stat_get_activity(null) as a
                     where a.backend_xid is not null
                       and a.datid <> (select oid from pg_database where datname = current_database()))),
                pg_snapshot_xmax(s))
              end)
            from pg_current_snapshot() as s)
      `.execute(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await sql`
        create or replace function events_visible_bound() returns bigint
          language sql stable parallel safe
          return events_position_floor(pg_snapshot_xmin(pg_current_snapshot()))
      `.execute(db);
    },
  },
};
