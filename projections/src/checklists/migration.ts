import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const checklistMigrations: ReadModelMigrations = {
  '2027-01-10T00-20-checklists': sqlMigration(
    sql`create table if not exists checklist_tasks (
      id text primary key, store_id text not null, list text not null, task_text text not null,
      display_order integer default 0 not null
    )`,
    sql`create table if not exists checklist_ticks (
      store_id text not null, list text not null, business_day text not null, task_id text not null,
      completed boolean not null, changed_by text not null, changed_at timestamptz not null,
      constraint checklist_ticks_pkey primary key (store_id, list, business_day, task_id)
    )`,
  ),
};
