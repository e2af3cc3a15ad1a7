import type { Migration } from 'kysely';
import { authMigrations } from './auth/migrations';
import { outboxMigrations } from './mail/mailer';
import { relayMigrations } from './relay/relay';

/** Bookkeeping tables of the running system that are not read models (never rebuilt from events). */
export const runtimeMigrations: Record<string, Migration> = {
  ...outboxMigrations,
  ...relayMigrations,
  ...authMigrations,
};
