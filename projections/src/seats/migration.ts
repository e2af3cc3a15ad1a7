import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const seatMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-seats': sqlMigration(
    sql`create table if not exists seats (
      id text primary key, store_id text not null, name text not null, max_people integer not null,
      reservation_hold_minutes integer not null, is_reservable boolean not null,
      adjacent_seat_ids jsonb not null, display_order integer default 0 not null
    )`,
    sql`create index if not exists seats_store_id on seats (store_id)`,
  ),
  // Seats editor: a seat taken out of service (decision 120).
  '2026-11-26T09-00-seats-active': sqlMigration(sql`alter table seats add column if not exists is_active boolean not null default true`),
};
