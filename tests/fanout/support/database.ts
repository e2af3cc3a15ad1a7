import type { Migration } from 'kysely/migration';
import type { DatabaseHandle } from '@moncafe/infra/db/connection';
import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { relayMigrations } from '@moncafe/infra/relay/relay';
import { checkpointMigrations } from '@moncafe/projections/checkpoints/migration';
import { createTestDatabase } from '../../support/services';
import { testReadModelMigrations } from './test-read-model';

/** Everything the fan-out tests need in one database: events, relay checkpoint, checkpoints, the test read model. */
export const fanoutMigrations: Record<string, Migration> = {
  ...eventStoreMigrations,
  ...relayMigrations,
  ...checkpointMigrations,
  ...testReadModelMigrations,
};

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A fresh database migrated for the fan-out (tests/support/services.ts makes and drops it). */
export async function freshDatabase(serverUrl: string, migrations: Record<string, Migration> = fanoutMigrations): Promise<TestDatabase> {
  const database = await createTestDatabase(serverUrl, 'moncafe_fanout');
  const handle = await database.open(migrations);
  return { url: database.url, handle, drop: database.drop };
}
