import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const costMigrations: ReadModelMigrations = {
  '2026-11-26T09-10-cost-lines': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cost_lines')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('menu_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'double precision', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('unit_cost', 'double precision', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('cost_lines_store').ifNotExists().on('cost_lines').column('store_id').execute();
    },
  },
};
