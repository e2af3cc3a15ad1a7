import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const sameDaySettingsMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-same-day-settings': sqlMigration(
    sql`create table if not exists same_day_settings (
      store_id text primary key, is_enabled boolean not null, deadline_time text
    )`,
  ),
};
