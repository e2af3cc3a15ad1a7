import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { createPostgresEventStore, eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { createTestDatabase, postgresUrl } from '../support/services';
import { eventStoreContract } from './event-store-contract';

const serverUrl = await postgresUrl();

eventStoreContract(
  'event store contract: postgres (pg)',
  async () => {
    const database = await createTestDatabase(serverUrl!, 'moncafe_contract');
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    await migrateToLatest(db, eventStoreMigrations);
    // listen: the way the runtime opens it on a server, so the LISTEN connection is exercised too.
    const store = createPostgresEventStore(pool, { listen: true });
    return {
      store,
      async dispose() {
        await store.close();
        await db.destroy();
        await database.drop();
      },
    };
  },
  { skipReason: serverUrl ? null : 'no PostgreSQL server' },
);
