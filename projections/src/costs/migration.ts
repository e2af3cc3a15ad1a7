import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const costMigrations: ReadModelMigrations = {
  '2026-11-26T09-10-cost-lines': sqlMigration(
    sql`create table if not exists cost_lines (
      id text primary key, store_id text not null, menu_id text not null, name text not null,
      quantity double precision not null, unit text not null, unit_cost double precision not null,
      display_order integer default 0 not null
    )`,
    sql`create index if not exists cost_lines_store on cost_lines (store_id)`,
  ),
};
