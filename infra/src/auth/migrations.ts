import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Tables of the auth layer; the runtime runs these with the read-model migrations. */
export const authMigrations: Record<string, Migration> = {
  '2026-11-22T01-00-auth-sessions-rate-limits': {
    // Migrations are frozen in time, so they take an untyped kysely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('auth_sessions')
        .ifNotExists()
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_sessions_account').ifNotExists().on('auth_sessions').column('account_id').execute();
      await db.schema
        .createTable('rate_limits')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .execute();
      await db.schema
        .createTable('oidc_transactions')
        .ifNotExists()
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('redirect_to', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-22T10-10-rate-limit-counters': {
    // rate-limiter-flexible's PostgreSQL store (auth/rate-limit.ts): one row per counted key, its
    // points and when its window ends (epoch ms). `rate_limits` above is no longer written.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limit_counters')
        .ifNotExists()
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expire', 'bigint')
        .execute();
    },
  },
};
