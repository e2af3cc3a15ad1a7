import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const staffGuideMigrations: ReadModelMigrations = {
  '2027-01-10T00-40-staff-guides': sqlMigration(
    sql`create table if not exists recipes (
      id text primary key, store_id text not null, name text not null, cooking_time integer,
      ingredients text not null, notes text not null, photos jsonb not null, steps jsonb not null,
      display_order integer default 0 not null
    )`,
    sql`create table if not exists serve_methods (
      id text primary key, store_id text not null, menu_id text not null, title text not null,
      steps jsonb not null, display_order integer default 0 not null
    )`,
    sql`create index if not exists serve_methods_menu_id on serve_methods (menu_id)`,
  ),
};
