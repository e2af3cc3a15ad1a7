import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sqlMigration } from '@moncafe/projections/projector';

/** Tables of the auth layer; the runtime runs these with the read-model migrations. */
export const authMigrations: Record<string, Migration> = {
  '2026-11-22T01-00-auth-sessions-rate-limits': sqlMigration(
    sql`create table if not exists auth_sessions (
      id_hash text primary key, account_id text not null, created_at timestamptz not null,
      expires_at timestamptz not null
    )`,
    sql`create index if not exists auth_sessions_account on auth_sessions (account_id)`,
    sql`create table if not exists rate_limits (
      key text primary key, window_start timestamptz not null, count integer default 0 not null
    )`,
    sql`create table if not exists oidc_transactions (
      state text primary key, code_verifier text not null, nonce text not null, redirect_to text not null,
      expires_at timestamptz not null
    )`,
  ),
  // rate-limiter-flexible's PostgreSQL store (auth/rate-limit.ts): one row per counted key, its
  // points and when its window ends (epoch ms). `rate_limits` above is no longer written.
  '2026-11-22T10-10-rate-limit-counters': sqlMigration(
    sql`create table if not exists rate_limit_counters (
      key varchar(255) primary key, points integer default 0 not null, expire bigint
    )`,
  ),
  // Second factors (decision 540): sign-ins waiting for their second step, WebAuthn challenges.
  '2026-12-01T21-00-auth-challenges': sqlMigration(
    sql`create table if not exists auth_challenges (
      id_hash text primary key, purpose text not null, account_id text, challenge text,
      expires_at timestamptz not null
    )`,
  ),
};
