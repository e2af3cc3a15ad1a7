import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

/**
 * Suites that need the real PostgreSQL or NATS find them here. Without the service they are
 * skipped with a printed reason; with REQUIRE_SERVICES=1 (CI) a missing service fails the run.
 */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

const required = process.env.REQUIRE_SERVICES === '1';

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

/** Creates a fresh database on the server; `drop` removes it after the suite. */
export async function createTestDatabase(serverUrl: string, prefix = 'moncafe_test') {
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
