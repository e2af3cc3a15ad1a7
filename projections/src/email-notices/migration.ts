import { sql } from 'kysely';
import { sqlMigration, type ReadModelMigrations } from '../projector';

export const emailNoticeMigrations: ReadModelMigrations = {
  '2026-11-22T03-10-email-notices': sqlMigration(
    sql`create table if not exists email_notices (
      id text primary key, store_id text, title text not null, content text not null,
      is_active boolean not null, display_order integer default 0 not null
    )`,
  ),
};
