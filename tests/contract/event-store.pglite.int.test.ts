import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { openEventStore } from '@moncafe/infra/eventstore/open';
import { createEmbeddedTestDatabase } from '../support/services';
import { eventStoreContract } from './event-store-contract';

eventStoreContract('event store contract: postgres (PGlite)', async () => {
  const database = await createEmbeddedTestDatabase(eventStoreMigrations);
  // Through openEventStore, as the runtime does: no LISTEN connection on PGlite's single session.
  const store = openEventStore({ pool: database.handle.pool, kind: database.handle.kind });
  return {
    store,
    async dispose() {
      await store.close();
      await database.drop();
    },
  };
});
