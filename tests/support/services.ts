import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@moncafe/infra/db/connection';
import { migrateToLatest } from '@moncafe/infra/db/migrate';
import { until } from './until';

/**
 * Suites that need the real PostgreSQL or NATS find them here. Without the service they are
 * skipped with a printed reason; with REQUIRE_SERVICES=1 (CI) a missing service fails the run.
 */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

const required = process.env.REQUIRE_SERVICES === '1';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function available(name: string, url: string, port: number): Promise<string | null> {
  if (await reachable(url, port)) return url;
  const reason = `${name} is not reachable at ${url}`;
  if (required) throw new Error(`${reason} (REQUIRE_SERVICES=1)`);
  console.warn(`skipping: ${reason}`);
  return null;
}

/** The PostgreSQL server URL, or null (after printing why) when there is none. */
export function postgresUrl(): Promise<string | null> {
  return available('PostgreSQL', process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, 5432);
}

/** The NATS server URL, or null (after printing why) when there is none. */
export function natsUrl(): Promise<string | null> {
  return available('NATS', process.env.NATS_URL ?? DEFAULT_NATS_URL, 4222);
}

/** A unique name for a suite's own database or stream. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  /** A pg pool on the database, for suites that drive the driver directly; closed by `drop`. */
  pool(max: number): pg.Pool;
  /** The system's own handle on it (kysely over pg), migrated with `migrations`; closed by `drop`. */
  open(migrations?: Record<string, Migration>): Promise<DatabaseHandle>;
  /** Closes every pool and handle it gave out, waits until their sessions are gone, and drops the database. */
  drop(): Promise<void>;
}

/**
 * The one temporary-database helper: a fresh database on the server (migrated with `migrations`
 * when given), and a `drop` that leaves nothing behind. pg's `pool.end()` resolves before its
 * sockets have closed, and a forced drop at that moment kills a closing session whose client then
 * reports an error nobody listens to: so `drop` waits until the server shows no session left.
 */
export async function createTestDatabase(
  serverUrl: string,
  prefix = 'moncafe_test',
  options: { migrations?: Record<string, Migration> } = {},
): Promise<TestDatabase> {
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pools: pg.Pool[] = [];
  const handles: DatabaseHandle[] = [];
  const database: TestDatabase = {
    url: url.toString(),
    name,
    pool(max) {
      const pool = new pg.Pool({ connectionString: url.toString(), max });
      pool.on('error', () => {});
      pools.push(pool);
      return pool;
    },
    async open(migrations) {
      const handle = await openDatabase({ url: url.toString(), dataDir: '' });
      handles.push(handle);
      if (migrations) await migrateToLatest(handle.db, migrations);
      return handle;
    },
    async drop() {
      for (const handle of handles.splice(0)) await handle.close().catch(() => undefined);
      for (const pool of pools.splice(0)) if (!pool.ending) await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await until(
          async () => {
            const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
            return rows[0]?.n === 0;
          },
          { timeoutMs: 5000, what: `sessions on ${name} to close` },
        ).catch(() => undefined); // then the forced drop ends them
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
  if (options.migrations) {
    const handle = await database.open(options.migrations);
    await handle.close();
    handles.splice(handles.indexOf(handle), 1);
  }
  return database;
}

/**
 * Puts a new, empty embedded database (PGlite) into `dataDir`, as opening an empty folder makes
 * it, but copied: PGlite's initdb takes 5–70 s on a loaded machine, a copy a few. The pristine
 * cluster is made once per PGlite version in the temporary folder, shared by every test process
 * (renamed into place whole, so a process never sees half of it); nothing else is ever in it.
 * Decision 310.
 */
export async function emptyEmbeddedDatabaseInto(dataDir: string): Promise<void> {
  await cp(await pristineCluster(), dataDir, { recursive: true });
}

/**
 * The same, with the schema `migrations` make already in it: what a test server would spend its
 * first seconds migrating (about 3 s of each start on the shared machine), copied instead
 * (decision 663). One template per set of migrations, named by a digest of their names and code,
 * so a migration added or changed makes a new one; the server still runs its migrations at start
 * and finds nothing left to do.
 */
export async function migratedEmbeddedDatabaseInto(dataDir: string, migrations: Record<string, Migration>): Promise<void> {
  await cp(await migratedCluster(migrations), dataDir, { recursive: true });
}

const migrated = new Map<string, Promise<string>>();
function migratedCluster(migrations: Record<string, Migration>): Promise<string> {
  const digest = createHash('sha256');
  for (const [name, migration] of Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b))) {
    digest.update(`${name}\0${String(migration.up)}\0${String(migration.down)}\0`);
  }
  const key = digest.digest('hex').slice(0, 16);
  let made = migrated.get(key);
  if (!made) {
    made = (async () => {
      const source = await pristineCluster();
      const template = `${source}-migrated-${key}`;
      if (await exists(template)) return template;
      const making = await mkdtemp(`${template}-making-`);
      await cp(source, making, { recursive: true });
      const handle = await openDatabase({ dataDir: making });
      try {
        await migrateToLatest(handle.db, migrations);
      } finally {
        await handle.close();
      }
      await rename(making, template).catch(() => rm(making, { recursive: true, force: true }));
      return template;
    })();
    migrated.set(key, made);
  }
  return made;
}

let pristine: Promise<string> | undefined;
function pristineCluster(): Promise<string> {
  pristine ??= (async () => {
    const { version } = JSON.parse(await readFile(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    const template = path.join(os.tmpdir(), `moncafe-pglite-pristine-${version}`);
    if (await exists(template)) return template;
    const making = await mkdtemp(`${template}-making-`);
    const handle = await openDatabase({ dataDir: making });
    await handle.close();
    // Another process may have put its copy in place first: then ours goes.
    await rename(making, template).catch(() => rm(making, { recursive: true, force: true }));
    return template;
  })();
  return pristine;
}

function exists(folder: string): Promise<boolean> {
  return readFile(path.join(folder, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

/** The same for the embedded database (PGlite) in a temporary folder: the handle, migrated; `drop` closes it and removes the folder. */
export async function createEmbeddedTestDatabase(
  migrations?: Record<string, Migration>,
): Promise<{ handle: DatabaseHandle; dataDir: string; drop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-pglite-'));
  await emptyEmbeddedDatabaseInto(dataDir);
  const handle = await openDatabase({ dataDir });
  if (migrations) await migrateToLatest(handle.db, migrations);
  return {
    handle,
    dataDir,
    async drop() {
      await handle.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
