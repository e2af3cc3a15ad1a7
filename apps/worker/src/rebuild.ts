import { loadConfig } from '@moncafe/infra/config';
import { openDatabase } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { openEventStore } from '@moncafe/infra/eventstore/open';
import { createLogger } from '@moncafe/infra/logger';
import { rebuildProjections } from '@moncafe/infra/projection-runner/runner';
import { projectors } from '@moncafe/projections/read-models';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';

/**
 * `npm run projections:rebuild`: empties every read model and replays all events from
 * position 0. Safe beside a running worker on a PostgreSQL server (the checkpoint row lock
 * keeps each event applied once); with the embedded database, stop the web process first.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'moncafe-rebuild' });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, systemMigrations(config));
    const eventStore = openEventStore({ eventStoreUrl: config.eventStoreUrl, pool: database.pool, kind: database.kind });
    try {
      const result = await rebuildProjections({ db: database.db, eventStore, projectors, logger });
      logger.info({ ...result, readModels: projectors.map((p) => p.name) }, 'rebuild finished');
    } finally {
      await eventStore.close();
    }
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
