import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const registerMigrations: ReadModelMigrations = {
  '2027-02-01T00-00-register': sqlMigration(
    sql`create table if not exists daily_closes (
      id text primary key, store_id text not null, business_date text not null, figures jsonb not null,
      counted jsonb not null, cash_expected integer not null, cash_counted integer not null,
      cash_difference integer not null, note text not null, corrections jsonb not null,
      closed_by text not null, closed_at timestamptz not null
    )`,
    sql`create index if not exists daily_closes_store_date on daily_closes (store_id, business_date)`,
    sql`create table if not exists register_corrections (
      correction_id text primary key, store_id text not null, business_date text not null,
      reason text not null, total_before integer not null, total_after integer not null,
      corrected_by text not null, corrected_at timestamptz not null
    )`,
  ),
  // Voids with their reasons (decision 283): the orders read model keeps only what is left.
  '2027-02-01T00-10-register-voids': sqlMigration(
    sql`create table if not exists register_voids (
      void_id text primary key, store_id text not null, business_date text not null, order_id text not null,
      reason text not null, quantity integer not null, amount integer not null, voided_at timestamptz not null
    )`,
    sql`create index if not exists register_voids_store_date on register_voids (store_id, business_date)`,
  ),
};
