import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const orderMigrations: ReadModelMigrations = {
  '2026-11-23T10-00-orders': sqlMigration(
    sql`create table if not exists orders (
      id text primary key, store_id text not null, reservation_id text not null, seat_id text not null,
      seat_label text not null, status text not null, items jsonb not null, subtotal integer not null,
      placed_by text not null, order_time timestamptz not null, updated_at timestamptz not null,
      completed_at timestamptz
    )`,
    sql`create index if not exists orders_store_status on orders (store_id, status, order_time)`,
    sql`create index if not exists orders_reservation on orders (reservation_id)`,
    sql`create table if not exists payments (
      reservation_id text primary key, store_id text not null, business_date text not null,
      method text not null, subtotal integer not null, tax integer not null, total integer not null,
      order_ids jsonb not null, paid_at timestamptz not null
    )`,
    sql`create index if not exists payments_store_date on payments (store_id, business_date)`,
  ),
};
