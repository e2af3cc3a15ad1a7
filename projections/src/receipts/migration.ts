import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const receiptMigrations: ReadModelMigrations = {
  '2026-11-26T11-40-receipts': sqlMigration(
    sql`create table if not exists receipts (
      id text primary key, store_id text not null, number integer not null, reservation_id text not null,
      part_id text, kind text not null, cancels_receipt_id text, cancel_reason text, cancelled_by text,
      issued_at timestamptz not null, business_date text not null, payment_method text not null,
      total integer not null, tax integer not null, totals_by_rate jsonb not null,
      reissued integer default 0 not null
    )`,
    sql`create unique index if not exists receipts_store_number on receipts (store_id, number)`,
    sql`create index if not exists receipts_reservation on receipts (reservation_id)`,
    sql`create index if not exists receipts_store_date on receipts (store_id, business_date)`,
  ),
  // Cash handed over and change given (decision 640); null where not entered. A rebuild fills them from the events.
  '2026-12-02T01-10-receipts-cash': sqlMigration(
    sql`alter table receipts add column if not exists tendered integer`,
    sql`alter table receipts add column if not exists change_given integer`,
  ),
  // The discounts a receipt printed (decision 642), for the daily close by reason; null on older receipts. A rebuild fills them.
  '2026-12-02T05-50-receipts-discounts': sqlMigration(sql`alter table receipts add column if not exists discounts jsonb`),
  // A correction's two receipts name each other (decision 648), so the close tells it from a refund. A rebuild fills them.
  '2026-12-02T18-00-receipts-corrections': sqlMigration(
    sql`alter table receipts add column if not exists replaced_by text`,
    sql`alter table receipts add column if not exists corrects_receipt_id text`,
  ),
};
