import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { createTestDatabase, postgresUrl } from '../support/services';
import { eventStoreContract } from './event-store-contract';

const serverUrl = await postgresUrl();

eventStoreContract(
  'event store contract: postgres (pg)',
  async () => {
    const database = await createTestDatabase(serverUrl!, 'moncafe_contract', { migrations: eventStoreMigrations });
    // listen: the way openEventStore sets it up on a server, so the LISTEN connection is exercised too.
    const store = createPostgresEventStore(database.pool(10), { listen: true });
    return {
      store,
      async dispose() {
        await store.close();
        await database.drop();
      },
    };
  },
  { skipReason: serverUrl ? null : 'no PostgreSQL server' },
);
