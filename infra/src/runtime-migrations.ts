import type { Migration } from 'kysely/migration';
import { readModelMigrations } from '@moncafe/projections/read-models';
import type { Config } from './config';
import { loginThrottleMigrations } from './auth/login-throttle';
import { authMigrations } from './auth/migrations';
import { blobMigrations } from './blobs/postgres-blob-store';
import { eventStoreMigrations } from './eventstore/postgres';
import { streamNameMigrations } from './eventstore/stream-names-migration';
import { outboxMigrations } from './mail/mailer';
import { relayMigrations } from './relay/relay';
import { reactorMigrations } from './notifications/runner';
import { personalKeyMigrations } from './privacy/personal-keys';
import { idempotencyMigrations } from './idempotency/idempotency-keys';
import { seedMigrations } from './seed-state';

/** Bookkeeping tables of the running system that are not read models (never rebuilt from events). */
export const runtimeMigrations: Record<string, Migration> = {
  ...outboxMigrations,
  ...relayMigrations,
  ...authMigrations,
  ...loginThrottleMigrations,
  ...blobMigrations,
  // Site settings (decisions 130–135): the notification reactor's checkpoint.
  ...reactorMigrations,
  // Privacy (decisions 180–186): each person's data key.
  ...personalKeyMigrations,
  // Commands safe to send twice (decision 260): the keys and their kept answers.
  ...idempotencyMigrations,
  // Seeding's completion marker (decision 262).
  ...seedMigrations,
};

/**
 * Everything a process of this system migrates: the events table (unless KurrentDB keeps the
 * events), the bookkeeping and every read model. Web and worker run the same set, since kysely
 * refuses a database that ran migrations it is not given.
 */
export function systemMigrations(config: Pick<Config, 'eventStoreUrl'>): Record<string, Migration> {
  return { ...(config.eventStoreUrl ? {} : { ...eventStoreMigrations, ...streamNameMigrations }), ...runtimeMigrations, ...readModelMigrations };
}
