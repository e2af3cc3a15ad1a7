import { sql, type Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const seatMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-seats': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('seats')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('max_people', 'integer', (c) => c.notNull())
        .addColumn('reservation_hold_minutes', 'integer', (c) => c.notNull())
        .addColumn('is_reservable', 'boolean', (c) => c.notNull())
        .addColumn('adjacent_seat_ids', 'jsonb', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('seats_store_id').ifNotExists().on('seats').column('store_id').execute();
    },
  },
  // Seats editor: a seat taken out of service (decision 120).
  '2026-11-26T09-00-seats-active': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql`alter table seats add column if not exists is_active boolean not null default true`.execute(db);
    },
  },
};
