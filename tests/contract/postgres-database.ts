import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { eventStoreMigrations } from '@moncafe/infra/eventstore/postgres';
import { createTestDatabase } from '../support/services';

/**
 * A fresh database on the PostgreSQL server with the `events` table, for the suites of this
 * folder. `pool.end()` resolves before its connections have closed, and the forced drop would
 * then kill them mid-goodbye (an uncaught "terminating connection" error): so `dispose` waits
 * until every connection of every pool it handed out is really gone.
 */
export async function createEventStoreDatabase(serverUrl: string, prefix: string) {
  const database = await createTestDatabase(serverUrl, prefix);
  const pools: { pool: pg.Pool; drained: () => Promise<void> }[] = [];

  function pool(max: number): pg.Pool {
    const created = new pg.Pool({ connectionString: database.url, max });
    let open = 0;
    let onDrained: () => void = () => {};
    const drained = new Promise<void>((resolve) => (onDrained = resolve));
    created.on('connect', () => open++);
    created.on('remove', () => {
      open--;
      if (open === 0 && created.ending) onDrained();
    });
    pools.push({ pool: created, drained: () => (open === 0 ? Promise.resolve() : drained) });
    return created;
  }

  const migrationPool = pool(1);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
  await migrateToLatest(new Kysely<any>({ dialect: new PostgresDialect({ pool: migrationPool }) }), eventStoreMigrations);

  return {
    url: database.url,
    pool,
    async dispose() {
      await Promise.all(
        pools.map(async ({ pool: p, drained }) => {
          if (!p.ending) await p.end();
          await drained();
        }),
      );
      await database.drop();
    },
  };
}
