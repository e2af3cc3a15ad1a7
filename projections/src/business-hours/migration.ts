import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const businessHoursMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-business-hours': sqlMigration(
    sql`create table if not exists business_hours (
      id text primary key, store_id text not null, rule text not null, weekday integer, date text,
      open_time text, close_time text, is_closed boolean not null
    )`,
    sql`create index if not exists business_hours_store_rule on business_hours (store_id, rule, date)`,
  ),
};
