import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const registerMigrations: ReadModelMigrations = {
  '2027-02-01T00-00-register': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('daily_closes')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('figures', 'jsonb', (c) => c.notNull())
        .addColumn('counted', 'jsonb', (c) => c.notNull())
        .addColumn('cash_expected', 'integer', (c) => c.notNull())
        .addColumn('cash_counted', 'integer', (c) => c.notNull())
        .addColumn('cash_difference', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('corrections', 'jsonb', (c) => c.notNull())
        .addColumn('closed_by', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('daily_closes_store_date').ifNotExists().on('daily_closes').columns(['store_id', 'business_date']).execute();
      await db.schema
        .createTable('register_corrections')
        .ifNotExists()
        .addColumn('correction_id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('total_before', 'integer', (c) => c.notNull())
        .addColumn('total_after', 'integer', (c) => c.notNull())
        .addColumn('corrected_by', 'text', (c) => c.notNull())
        .addColumn('corrected_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '2027-02-01T00-10-register-voids': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Voids with their reasons (decision 283): the orders read model keeps only what is left.
      await db.schema
        .createTable('register_voids')
        .ifNotExists()
        .addColumn('void_id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('voided_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('register_voids_store_date').ifNotExists().on('register_voids').columns(['store_id', 'business_date']).execute();
    },
  },
};
