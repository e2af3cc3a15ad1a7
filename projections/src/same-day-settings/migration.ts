import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const sameDaySettingsMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-same-day-settings': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('same_day_settings')
        .ifNotExists()
        .addColumn('store_id', 'text', (c) => c.primaryKey())
        .addColumn('is_enabled', 'boolean', (c) => c.notNull())
        .addColumn('deadline_time', 'text')
        .execute();
    },
  },
};
