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
};
