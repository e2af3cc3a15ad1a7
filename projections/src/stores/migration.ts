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
  // Decisions 540 and 620: shown and edited on /admin/stores, never published.
  '2026-12-02T01-10-stores-staff-settings': sqlMigration(
    sql`alter table stores add column if not exists second_factor_for_staff boolean default false not null,
      add column if not exists wage_retention_years integer default 5 not null`,
  ),
};
