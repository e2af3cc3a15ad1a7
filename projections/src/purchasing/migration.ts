import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const purchasingMigrations: ReadModelMigrations = {
  '2027-01-10T00-30-purchasing': sqlMigration(
    sql`create table if not exists order_rules (
      id text primary key, store_id text not null, rule_content text not null,
      display_order integer default 0 not null
    )`,
    sql`create table if not exists suppliers (
      id text primary key, store_id text not null, supplier_name text not null, login_id text,
      password_sealed text, display_order integer default 0 not null
    )`,
    sql`create table if not exists purchase_items (
      id text primary key, store_id text not null, supplier text not null, product_name text not null,
      purchase_url text, notes text not null, display_order integer default 0 not null
    )`,
    sql`create table if not exists supplier_password_reveals (
      id text primary key, supplier_id text not null, revealed_by text not null,
      revealed_at timestamptz not null
    )`,
  ),
};
