import { createPostgresEventStore } from '@moncafe/infra/eventstore/postgres';
import { postgresUrl } from '../support/services';
import { eventStoreContract } from './event-store-contract';
import { createEventStoreDatabase } from './postgres-database';

const serverUrl = await postgresUrl();

eventStoreContract(
  'event store contract: postgres (pg)',
  async () => {
    const database = await createEventStoreDatabase(serverUrl!, 'moncafe_contract');
    // listen: the way openEventStore sets it up on a server, so the LISTEN connection is exercised too.
    const store = createPostgresEventStore(database.pool(10), { listen: true });
    return {
      store,
      async dispose() {
        await store.close();
        await database.dispose();
      },
    };
  },
  { skipReason: serverUrl ? null : 'no PostgreSQL server' },
);
