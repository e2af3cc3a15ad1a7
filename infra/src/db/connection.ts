import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** The pool of a PostgreSQL server (COPY, connections held for a while); none for PGlite's single session. */
export function serverPoolOf(handle: Pick<DatabaseHandle, 'kind' | 'pool'>): pg.Pool | undefined {
  return handle.kind === 'pg' ? handle.pool : undefined;
}

/**
 * A kysely instance on one connection the caller holds (and releases): its statements and
 * transactions run there, beside what the caller sends on the same connection itself (COPY).
 */
export function kyselyOnConnection(client: pg.PoolClient): Kysely<Database> {
  const connection = { query: client.query.bind(client), release: () => undefined } as unknown as pg.PoolClient;
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => undefined, options: {} } }),
  });
}

export async function openDatabase(options: { url?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.url) return fromPool('pg', new pg.Pool({ connectionString: options.url, max: 10 }), async () => {});
  // An in-memory database is the process's own: there is no folder to share, so none to claim.
  const release = options.dataDir.startsWith('memory://') ? async () => {} : await claimDataDir(options.dataDir);
  try {
    // Loaded only for the embedded database: a process on a PostgreSQL server never holds it (~9 MiB).
    const [{ PGlite }, { btree_gist }, { createPgConfig }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('@electric-sql/pglite/node-postgres'),
    ]);
    const pglite = await PGlite.create(options.dataDir, { extensions: { btree_gist } });
    // PGlite is a single PostgreSQL session: one connection, or transactions would interleave.
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
    return fromPool('pglite', pool, async () => {
      await pglite.close();
      await release();
    });
  } catch (error) {
    await release();
    throw error;
  }
}

/** The file naming the process that has the embedded database open. */
export const DATA_DIR_LOCK = 'moncafe.pid';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one process may open an embedded database: two (`npm start` and `npm run
 * admin:reset-password`, say) would each write the folder behind the other's back and lose
 * writes. The first writes its pid into DATA_DIR; another process is refused while that one
 * runs; a file left by a process that died is taken over. Opening the folder again inside the
 * same process (tests do) is left to that process.
 */
async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (holder === process.pid) return async () => {};
    if (Number.isInteger(holder) && holder > 0 && running(holder))
      throw new DataDirInUseError(
        `the data folder ${path.resolve(dataDir)} is in use by process ${holder} (a running npm start?): stop it first (or delete ${file} if no such process is MonCafe)`,
      );
    await rm(file, { force: true });
  }
  throw new DataDirInUseError(`the data folder ${path.resolve(dataDir)} could not be claimed`);
}

function fromPool(kind: DatabaseKind, pool: pg.Pool, closeEngine: () => Promise<void>): DatabaseHandle {
  // An idle connection the server drops (restart, failover) is discarded by the pool and the
  // next query opens a new one; without a listener the error would end the process.
  pool.on('error', () => {});
  // A connection a query holds has no pool listener (pg-pool removes it while the connection is
  // lent): the query fails with the disconnect, and this listener keeps the error the client
  // emits after it from ending the process (decision 194). The pool discards the broken
  // connection when it is given back, and the next query opens a new one.
  pool.on('connect', (client) => client.on('error', () => {}));
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
