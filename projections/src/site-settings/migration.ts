import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const siteSettingsMigrations: ReadModelMigrations = {
  '2026-11-24T10-00-site-settings': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('disclaimers')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notification_settings')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.primaryKey())
        .addColumn('recipients', 'jsonb', (c) => c.notNull())
        .addColumn('low_stock_threshold', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-26T11-40-guest-reminders': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // Settings saved before reminders existed read as on at 18:00 (decision 290).
      await db.schema
        .alterTable('notification_settings')
        .addColumn('guest_reminders', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('reminder_hour', 'integer', (c) => c.notNull().defaultTo(18))
        .execute();
    },
  },
};
