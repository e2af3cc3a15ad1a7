import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const siteSettingsMigrations: ReadModelMigrations = {
  '2026-11-24T10-00-site-settings': sqlMigration(
    sql`create table if not exists disclaimers (
      store_id text primary key, content text not null
    )`,
    sql`create table if not exists notification_settings (
      store_id text primary key, recipients jsonb not null, low_stock_threshold integer not null
    )`,
  ),
  // Settings saved before reminders existed read as on at 18:00 (decision 290).
  '2026-11-26T11-40-guest-reminders': sqlMigration(
    sql`alter table notification_settings add column guest_reminders boolean default true not null, add column reminder_hour integer default 18 not null`,
  ),
};
