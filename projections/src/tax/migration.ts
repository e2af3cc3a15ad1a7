import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const taxMigrations: ReadModelMigrations = {
  '2026-11-23T10-20-tax-settings': sqlMigration(
    sql`create table if not exists tax_settings (
      store_id text primary key, rate_percent integer not null, rounding text not null,
      prices_include_tax boolean not null
    )`,
  ),
  // The reduced rate, a rate change entered ahead, and the receipts' issuer (decision 240).
  '2026-11-26T11-20-tax-settings-rates-and-issuer': sqlMigration(
    sql`alter table tax_settings add column reduced_rate_percent integer default 8 not null, add column next_rates jsonb, add column issuer_name text default '' not null, add column registration_number text`,
  ),
};
