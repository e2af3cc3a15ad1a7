import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const taxMigrations: ReadModelMigrations = {
  '2026-11-23T10-20-tax-settings': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tax_settings')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.primaryKey())
        .addColumn('rate_percent', 'integer', (c) => c.notNull())
        .addColumn('rounding', 'text', (c) => c.notNull())
        .addColumn('prices_include_tax', 'boolean', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-26T11-20-tax-settings-rates-and-issuer': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Issue 30: the reduced rate, a rate change entered ahead, and the receipts' issuer.
      await db.schema
        .alterTable('tax_settings')
        .addColumn('reduced_rate_percent', 'integer', (c) => c.notNull().defaultTo(8))
        .addColumn('next_rates', 'jsonb')
        .addColumn('issuer_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('registration_number', 'text')
        .execute();
    },
  },
};
