import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const storeMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-stores': sqlMigration(
    sql`create table if not exists stores (
      store_id text primary key, name text not null, postal_code text, address text not null,
      phone text not null, email text, access_note text, display_order integer default 0 not null
    )`,
  ),
  '2026-11-22T20-10-stores-coordinates': sqlMigration(
    sql`alter table stores add column latitude double precision, add column longitude double precision, add column geofence_radius_m integer default 100 not null`,
  ),
  '2026-11-26T14-30-stores-closed-on': sqlMigration(sql`alter table stores add column closed_on text`),
};
