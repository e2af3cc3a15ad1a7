import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const staffGuideMigrations: ReadModelMigrations = {
  '2027-01-10T00-40-staff-guides': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('recipes')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('cooking_time', 'integer')
        .addColumn('ingredients', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('photos', 'jsonb', (c) => c.notNull())
        .addColumn('steps', 'jsonb', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('serve_methods')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('menu_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('steps', 'jsonb', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('serve_methods_menu_id').ifNotExists().on('serve_methods').column('menu_id').execute();
    },
  },
};
