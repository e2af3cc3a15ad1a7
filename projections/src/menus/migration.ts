import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const menuMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-menus': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('menu_items')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('image_url', 'text')
        .addColumn('category', 'text')
        .addColumn('show_on_menu', 'boolean', (c) => c.notNull())
        .addColumn('show_on_reservation', 'boolean', (c) => c.notNull())
        .addColumn('show_on_order', 'boolean', (c) => c.notNull())
        .addColumn('deadline_days_before', 'integer')
        .addColumn('deadline_time', 'text')
        .addColumn('duration_minutes', 'integer')
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('menu_items_store_id').ifNotExists().on('menu_items').column('store_id').execute();
      await db.schema
        .createTable('menu_options')
        .ifNotExists()
        .addColumn('option_id', 'text', (c) => c.primaryKey())
        .addColumn('menu_id', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('required', 'boolean', (c) => c.notNull())
        .addColumn('choices', 'jsonb', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('menu_options_menu_id').ifNotExists().on('menu_options').column('menu_id').execute();
      await db.schema
        .createTable('menu_option_dependencies')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('menu_id', 'text', (c) => c.notNull())
        .addColumn('parent_option_id', 'text', (c) => c.notNull())
        .addColumn('child_option_id', 'text', (c) => c.notNull())
        .addColumn('parent_value', 'text')
        .addColumn('parent_choice_value', 'text')
        .addColumn('is_show', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('menu_option_dependencies_menu_id').ifNotExists().on('menu_option_dependencies').column('menu_id').execute();
    },
  },
  '2026-11-26T11-20-menu-items-tax-category': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Issue 30: how an item is taxed; items saved before it are food or soft drinks.
      await db.schema
        .alterTable('menu_items')
        .addColumn('tax_category', 'text', (c) => c.notNull().defaultTo('reduced'))
        .execute();
    },
  },
  '2026-11-26T14-40-menu-items-english': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Issue 32 (decision 362): a menu item's optional English name and description; empty shows the Japanese.
      await db.schema
        .alterTable('menu_items')
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
};
