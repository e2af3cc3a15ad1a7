import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const purchasingMigrations: ReadModelMigrations = {
  '2027-01-10T00-30-purchasing': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_rules')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('rule_content', 'text', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('suppliers')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('supplier_name', 'text', (c) => c.notNull())
        .addColumn('login_id', 'text')
        .addColumn('password_sealed', 'text')
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('purchase_items')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('supplier', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('purchase_url', 'text')
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('supplier_password_reveals')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('supplier_id', 'text', (c) => c.notNull())
        .addColumn('revealed_by', 'text', (c) => c.notNull())
        .addColumn('revealed_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
};
