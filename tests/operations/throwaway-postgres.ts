import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { until } from '../support/until';

/**
 * A PostgreSQL cluster of the test's own (Debian's PostgreSQL 15 binaries, run as the `postgres`
 * user, in a temporary folder, on its own port), so a test can stop and start it without touching
 * the shared server. Only the process it started is ever signalled, by pid.
 */
const BIN = '/usr/lib/postgresql/15/bin';

export const canRunThrowawayPostgres = existsSync(path.join(BIN, 'initdb')) && process.getuid?.() === 0;

export interface ThrowawayPostgres {
  url: string;
  /** The cluster's data folder (owned by `postgres`). */
  data: string;
  /** A folder beside it, owned by `postgres`: for a WAL archive or a base backup. */
  dir: string;
  /** `fast` (the default) ends sessions cleanly; `immediate` drops them mid-query, as a crash or `pg_ctl -m immediate` does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startThrowawayPostgres(
  port: number,
  options: {
    /** More `-c name=value` settings (WAL archiving). */
    settings?: string[];
    /** Instead of initdb: fills the (empty) data folder, run as `postgres` — a base backup restored, with its recovery settings. */
    restore?: (data: string, run: (command: string, args: string[]) => void) => void;
  } = {},
): Promise<ThrowawayPostgres> {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  const dir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-throwaway-pg-'));
  chownSync(dir, uid, gid);
  const data = path.join(dir, 'data');
  const run = (command: string, args: string[]) => void execFileSync(command, args, { uid, gid, stdio: 'ignore' });
  if (options.restore) options.restore(data, run);
  else execFileSync(path.join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], { uid, gid, stdio: 'ignore' });
  let server: ChildProcess | null = null;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const start = async () => {
    const settings = ['listen_addresses=127.0.0.1', 'fsync=off', ...(options.settings ?? [])].flatMap((s) => ['-c', s]);
    server = spawn(path.join(BIN, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, ...settings], {
      uid,
      gid,
      stdio: 'ignore',
    });
    await until(
      async () => {
        const client = new pg.Client({ connectionString: url });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.end();
          return true;
        } catch {
          return false;
        }
      },
      { what: 'the throwaway PostgreSQL to accept connections', timeoutMs: 30_000, everyMs: 100 },
    );
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    // Fast shutdown (SIGINT): open sessions are ended, as when a database server is stopped for
    // maintenance; immediate (SIGQUIT): every backend quits at once, queries and all.
    running.kill(mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
    await exited;
  };
  await start();
  return {
    url,
    data,
    dir,
    start,
    stop,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
