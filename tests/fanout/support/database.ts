import type { Migration } from 'kysely';
import pg from 'pg';
import { checkpointMigrations } from '@moncafe/projections/checkpoints/migration';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { relayMigrations } from '@moncafe/infra/relay/relay';
import { createTestDatabase } from '../../support/services';
import { testReadModelMigrations } from './test-read-model';
import { until } from './until';

async function untilNoSessions(serverUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await until(
      async () => {
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
        return rows[0]?.n === 0;
      },
      { timeoutMs: 5000, what: `sessions on ${database} to close` },
    ).catch(() => undefined); // then the forced drop ends them
  } finally {
    await admin.end();
  }
}

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

export async function freshDatabase(serverUrl: string, migrations: Record<string, Migration> = fanoutMigrations): Promise<TestDatabase> {
  const created = await createTestDatabase(serverUrl, 'moncafe_fanout');
  const handle = await openDatabase({ url: created.url, dataDir: '' });
  await migrateToLatest(handle.db, migrations);
  return {
    url: created.url,
    handle,
    async drop() {
      await handle.close().catch(() => undefined);
      // pg's pool.end() resolves before its sockets have closed; dropping "with (force)" at that
      // moment kills a closing session and its client reports an error nobody listens to.
      await untilNoSessions(serverUrl, new URL(created.url).pathname.slice(1));
      await created.drop();
    },
  };
}
