import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { openEventStore } from '@moncafe/infra/eventstore/open';
import { eventStoreContract } from './event-store-contract';

eventStoreContract('event store contract: postgres (PGlite)', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'moncafe-pglite-'));
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db, eventStoreMigrations);
  // Through openEventStore, as the runtime does: no LISTEN connection on PGlite's single session.
  const store = openEventStore({ pool: database.pool, kind: database.kind });
  return {
    store,
    async dispose() {
      await store.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});
