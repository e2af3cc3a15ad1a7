import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const businessHoursMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-business-hours': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('business_hours')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('rule', 'text', (c) => c.notNull())
        .addColumn('weekday', 'integer')
        .addColumn('date', 'text')
        .addColumn('open_time', 'text')
        .addColumn('close_time', 'text')
        .addColumn('is_closed', 'boolean', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('business_hours_store_rule').ifNotExists().on('business_hours').columns(['store_id', 'rule', 'date']).execute();
    },
  },
};
