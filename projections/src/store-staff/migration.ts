import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const storeStaffMigrations: ReadModelMigrations = {
  '2027-01-10T00-00-store-staff': sqlMigration(
    sql`create table if not exists store_staff (
      id text primary key, store_id text not null, account_id text not null, wage integer,
      display_order integer default 0 not null
    )`,
    sql`create index if not exists store_staff_store_id on store_staff (store_id)`,
  ),
};
