import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const attendanceMigrations: ReadModelMigrations = {
  '2027-02-10T00-00-attendance': sqlMigration(
    sql`create table if not exists attendance_records (
      record_id text primary key, store_id text not null, user_id text not null, work_date text not null,
      clock_in timestamptz not null, clock_out timestamptz, breaks jsonb not null, break_minutes integer,
      places jsonb not null, corrected boolean not null, updated_at timestamptz not null
    )`,
    sql`create index if not exists attendance_records_store_date on attendance_records (store_id, work_date)`,
    sql`create table if not exists attendance_corrections (
      id text primary key, record_id text not null, store_id text not null, user_id text not null, work_date text not null,
      before jsonb not null, after jsonb not null, reason text not null, changed_at timestamptz not null, changed_by text not null
    )`,
    sql`create index if not exists attendance_corrections_store_date on attendance_corrections (store_id, work_date)`,
    sql`create table if not exists labour_settings (
      store_id text primary key, late_night_premium_percent integer not null, overtime_premium_percent integer not null,
      minimum_wage integer, outside_fence text not null
    )`,
  ),
};
