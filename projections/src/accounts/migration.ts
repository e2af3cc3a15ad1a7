import type { Kysely } from 'kysely';
import type { ReadModelMigrations } from '../projector';

export const accountMigrations: ReadModelMigrations = {
  '2026-11-22T01-00-accounts': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .ifNotExists()
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('roles', 'jsonb', (c) => c.notNull())
        .addColumn('has_password', 'boolean', (c) => c.notNull())
        .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
};
