import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '@moncafe/projections/database';

// bigint (int8) as JS number: positions and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type DatabaseKind = 'pg' | 'pglite';

/**
 * One PostgreSQL, reached the same way whether it is a server or embedded PGlite: a `pg.Pool`
 * (the event store uses it directly) and a kysely instance over that pool (read models).
 */
export interface DatabaseHandle {
  kind: DatabaseKind;
  pool: pg.Pool;
  db: Kysely<Database>;
  close(): Promise<void>;
}

export async function openDatabase(options: { url?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.url) return fromPool('pg', new pg.Pool({ connectionString: options.url, max: 10 }), async () => {});
  const pglite = await PGlite.create(options.dataDir, { extensions: { btree_gist } });
  // PGlite is a single PostgreSQL session: one connection, or transactions would interleave.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  return fromPool('pglite', pool, () => pglite.close());
}

function fromPool(kind: DatabaseKind, pool: pg.Pool, closeEngine: () => Promise<void>): DatabaseHandle {
  // An idle connection the server drops (restart, failover) is discarded by the pool and the
  // next query opens a new one; without a listener the error would end the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind,
    pool,
    db,
    async close() {
      await db.destroy(); // ends the pool too
      await closeEngine();
    },
  };
}
