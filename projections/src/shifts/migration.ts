import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const shiftMigrations: ReadModelMigrations = {
  '2027-01-10T00-10-shifts': sqlMigration(
    sql`create table if not exists recruit_times (
      store_id text primary key, weekday_start text not null, weekday_end text not null,
      weekend_start text not null, weekend_end text not null, interval_minutes integer not null
    )`,
    sql`create table if not exists shift_submissions (
      store_id text not null, user_id text not null, shift_date text not null, start_time text not null,
      end_time text not null, submitted_at timestamptz not null, submitted_by text not null,
      constraint shift_submissions_pkey primary key (store_id, user_id, shift_date)
    )`,
    sql`create table if not exists shifts (
      id text primary key, store_id text not null, user_id text not null, shift_date text not null,
      start_time text not null, end_time text not null, updated_at timestamptz not null
    )`,
    sql`create index if not exists shifts_store_date on shifts (store_id, shift_date)`,
    sql`create table if not exists shift_history (
      id text primary key, store_id text not null, user_id text not null, shift_date text not null,
      shift_type text not null, before_value text not null, after_value text not null, reason text not null,
      changed_at timestamptz not null, changed_by text not null
    )`,
    sql`create index if not exists shift_history_store_date on shift_history (store_id, shift_date)`,
  ),
};
