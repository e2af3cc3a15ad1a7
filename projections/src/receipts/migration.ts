import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const receiptMigrations: ReadModelMigrations = {
  '2026-11-26T11-40-receipts': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('receipts')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('reservation_id', 'text', (c) => c.notNull())
        .addColumn('part_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('cancels_receipt_id', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('cancelled_by', 'text')
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addColumn('totals_by_rate', 'jsonb', (c) => c.notNull())
        .addColumn('reissued', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('receipts_store_number').ifNotExists().unique().on('receipts').columns(['store_id', 'number']).execute();
      await db.schema.createIndex('receipts_reservation').ifNotExists().on('receipts').column('reservation_id').execute();
      await db.schema.createIndex('receipts_store_date').ifNotExists().on('receipts').columns(['store_id', 'business_date']).execute();
    },
  },
};
