import { sql, type Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const eventHistoryMigrations: ReadModelMigrations = {
  '2027-01-20T10-00-event-history': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_history')
        .ifNotExists()
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('correlation_id', 'text', (c) => c.notNull())
        .addColumn('causation_id', 'text')
        .addColumn('store_id', 'text')
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Every filter of the screen walks one index newest first (keyset on position).
      await sql`create unique index if not exists event_history_position on event_history (position)`.execute(db);
      await sql`create index if not exists event_history_type on event_history (type, position)`.execute(db);
      await sql`create index if not exists event_history_actor on event_history (actor, position)`.execute(db);
      await sql`create index if not exists event_history_category on event_history (category, position)`.execute(db);
      await sql`create index if not exists event_history_stream on event_history (stream_id, position)`.execute(db);
      await sql`create index if not exists event_history_correlation on event_history (correlation_id, position)`.execute(db);
      await sql`create index if not exists event_history_recorded on event_history (recorded_at)`.execute(db);
    },
  },
  '2027-01-21T10-00-event-history-data-as-json-text': {
    // Nothing queries inside an event's data: kept as JSON text (`json`, not `jsonb`), which a
    // rebuild writes with a check of its syntax instead of a conversion (decision 143).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql`alter table event_history alter column data type json using data::json`.execute(db);
    },
  },
  '2027-01-22T10-00-event-history-without-data': {
    // An event's data stays in the event store: the screen reads the shown entries' data from
    // there (decision 144). The filters' text columns compare in byte order (collation "C": identifiers,
    // compared for equality), so their indexes build in about a third less time; dates are found
    // by block ranges (BRIN), as positions grow with time.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql`alter table event_history drop column data`.execute(db);
      // Keyed by position, the key it is paged by: one unique index instead of two (the event
      // id's took more than twice as long to build as the position's).
      await sql`alter table event_history drop constraint event_history_pkey`.execute(db);
      await sql`drop index event_history_position`.execute(db);
      await sql`alter table event_history add constraint event_history_pkey primary key (position)`.execute(db);
      // Changing a column's collation rebuilds the indexes on it.
      await sql`
        alter table event_history
          alter column type type text collate "C",
          alter column actor type text collate "C",
          alter column category type text collate "C",
          alter column stream_id type text collate "C",
          alter column correlation_id type text collate "C"`.execute(db);
      await sql`drop index event_history_recorded`.execute(db);
      await sql`create index event_history_recorded on event_history using brin (recorded_at)`.execute(db);
    },
  },
};
