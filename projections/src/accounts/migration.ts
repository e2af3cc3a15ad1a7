import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const accountMigrations: ReadModelMigrations = {
  '2026-11-22T01-00-accounts': sqlMigration(
    sql`create table if not exists accounts (
      account_id text primary key, name text not null, email text not null, roles jsonb not null,
      has_password boolean not null, registered_at timestamptz not null
    )`,
  ),
  '2026-12-01T21-30-accounts-chosen-store': sqlMigration(sql`alter table accounts add column if not exists chosen_store_id text`),
  '2026-12-02T01-00-accounts-left': sqlMigration(
    sql`alter table accounts add column if not exists left_at timestamptz, add column if not exists forgotten boolean not null default false`,
  ),
};
