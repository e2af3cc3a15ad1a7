import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const stockMigrations: ReadModelMigrations = {
  '2026-11-23T10-10-menu-stock': sqlMigration(
    sql`create table if not exists menu_stock (
      menu_id text primary key, store_id text not null, manage_stock boolean not null,
      quantity integer not null, is_sold_out boolean not null, updated_at timestamptz not null
    )`,
    sql`create index if not exists menu_stock_store on menu_stock (store_id)`,
  ),
};
