import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const kitchenMigrations: ReadModelMigrations = {
  // Decision 670: the kitchen ticket's parties and the options their notes name.
  '2026-12-03T16-00-kitchen-tickets': sqlMigration(
    sql`create table if not exists kitchen_parties (
      reservation_id text primary key, store_id text not null, people integer not null, merged_into text,
      paid boolean not null, menu_ids jsonb not null, detail jsonb not null, remarks text not null, notes jsonb not null
    )`,
    sql`create table if not exists kitchen_options (
      option_id text primary key, menu_id text not null, label text not null, type text not null,
      choices jsonb not null, allergy boolean not null
    )`,
  ),
};
