import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const orderMigrations: ReadModelMigrations = {
  '2026-11-23T10-00-orders': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('orders')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('reservation_id', 'text', (c) => c.notNull())
        .addColumn('seat_id', 'text', (c) => c.notNull())
        .addColumn('seat_label', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('items', 'jsonb', (c) => c.notNull())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('placed_by', 'text', (c) => c.notNull())
        .addColumn('order_time', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('completed_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('orders_store_status').ifNotExists().on('orders').columns(['store_id', 'status', 'order_time']).execute();
      await db.schema.createIndex('orders_reservation').ifNotExists().on('orders').column('reservation_id').execute();
      await db.schema
        .createTable('payments')
        .ifNotExists()
        .addColumn('reservation_id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('subtotal', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('order_ids', 'jsonb', (c) => c.notNull())
        .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_store_date').ifNotExists().on('payments').columns(['store_id', 'business_date']).execute();
    },
  },
};
