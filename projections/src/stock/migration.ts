import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const stockMigrations: ReadModelMigrations = {
  '2026-11-23T10-10-menu-stock': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('menu_stock')
        .ifNotExists()
        .addColumn('menu_id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('manage_stock', 'boolean', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('is_sold_out', 'boolean', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('menu_stock_store').ifNotExists().on('menu_stock').column('store_id').execute();
    },
  },
};
