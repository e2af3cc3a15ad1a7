import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const menuMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-menus': sqlMigration(
    sql`create table if not exists menu_items (
      id text primary key, store_id text not null, name text not null, description text not null,
      price integer not null, image_url text, category text, show_on_menu boolean not null,
      show_on_reservation boolean not null, show_on_order boolean not null, deadline_days_before integer,
      deadline_time text, duration_minutes integer, display_order integer default 0 not null
    )`,
    sql`create index if not exists menu_items_store_id on menu_items (store_id)`,
    sql`create table if not exists menu_options (
      option_id text primary key, menu_id text not null, label text not null, type text not null,
      required boolean not null, choices jsonb not null, display_order integer default 0 not null
    )`,
    sql`create index if not exists menu_options_menu_id on menu_options (menu_id)`,
    sql`create table if not exists menu_option_dependencies (
      id text primary key, menu_id text not null, parent_option_id text not null,
      child_option_id text not null, parent_value text, parent_choice_value text, is_show integer not null
    )`,
    sql`create index if not exists menu_option_dependencies_menu_id on menu_option_dependencies (menu_id)`,
  ),
  // How an item is taxed (decision 240); items saved before it are food or soft drinks.
  '2026-11-26T11-20-menu-items-tax-category': sqlMigration(sql`alter table menu_items add column tax_category text default 'reduced' not null`),
  // Decision 362: a menu item's optional English name and description; empty shows the Japanese.
  '2026-11-26T14-40-menu-items-english': sqlMigration(
    sql`alter table menu_items add column name_en text default '' not null, add column description_en text default '' not null`,
  ),
  // Decision 670: an option the owner marks as asking about allergies; options saved before it are not.
  '2026-12-03T16-00-menu-options-allergy': sqlMigration(sql`alter table menu_options add column allergy boolean default false not null`),
};
