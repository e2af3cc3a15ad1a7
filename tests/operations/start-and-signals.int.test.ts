import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { accepts, startChild, type Child } from '../fanout/support/processes';
import { until } from '../support/until';
import { freePort } from '../support/web-server';
import { canRunThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * Starting and stopping as an operator does (decisions 175, 179): `npm start` passes SIGTERM on
 * to the server; a start against a database or bus that is not there says which variable, where
 * (password masked) and why, in one line without a stack; a database that comes up while the
 * start waits is used.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/web/server.ts');

describe('start and signals', () => {
  const dirs: string[] = [];
  const children: Child[] = [];
  let database: ThrowawayPostgres | null = null;
  afterAll(async () => {
    for (const child of children) await child.kill('SIGKILL');
    await database?.destroy();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function env(extra: Record<string, string>): Promise<NodeJS.ProcessEnv> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-start-'));
    dirs.push(dataDir);
    return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'warn', ...extra };
  }

  function server(environment: NodeJS.ProcessEnv): Child {
    const child = startChild(process.execPath, ['--import', 'tsx', serverEntry], environment);
    children.push(child);
    return child;
  }

  it('stops the server when `npm start` gets SIGTERM', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { ...(await env({ PORT: String(port) })), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (c: Buffer) => (output += c.toString()));
    npm.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      await until(() => /MonCafe: http/.test(output), { what: 'npm start to serve', timeoutMs: 120_000 });
      expect(await accepts(port)).toBe(true);
      npm.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(output).toMatch(/"msg":"stopped"/);
      expect(await accepts(port)).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  }, 180_000);

  it('names DATABASE_URL with the password masked when PostgreSQL refuses, without a stack, after trying for START_TIMEOUT_SECONDS', async () => {
    const port = await freePort();
    const child = server(await env({ DATABASE_URL: `postgres://cafe:s3cret-password@127.0.0.1:${port}/cafe`, START_TIMEOUT_SECONDS: '1' }));
    expect(await child.exited).toBe(1);
    const out = child.output();
    expect(out).toMatch(
      new RegExp(`^DATABASE_URL=postgres://cafe:\\*\\*\\*@127\\.0\\.0\\.1:${port}/cafe: connection refused \\(tried \\d+ times over 1 s\\)$`, 'm'),
    );
    expect(out).not.toContain('s3cret-password');
    expect(out).not.toMatch(/^\s+at /m);
  }, 60_000);

  it.skipIf(!canRunThrowawayPostgres)(
    'names NATS_URL when NATS refuses, and waits for a PostgreSQL that is still starting',
    async () => {
      const port = await freePort();
      const natsPort = await freePort();
      // The cluster is made (initdb, seconds on a loaded machine) before the start's clock runs,
      // and stopped: only its own start falls inside the start's 15 s of trying.
      database = await startThrowawayPostgres(port);
      await database.stop();
      // PostgreSQL is not there yet: the start keeps trying (NATS is not there at all).
      const child = server(
        await env({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, NATS_URL: `nats://127.0.0.1:${natsPort}`, START_TIMEOUT_SECONDS: '15' }),
      );
      await until(() => /not reachable yet; trying again/.test(child.output()) && /"variable":"DATABASE_URL"/.test(child.output()), {
        what: 'the start to wait for PostgreSQL',
        timeoutMs: 30_000,
      });
      await database.start();
      // Then the database is used, and NATS_URL is what stops the start.
      await until(() => /"variable":"NATS_URL"/.test(child.output()), { what: 'the start to reach NATS', timeoutMs: 60_000 });
      expect(await child.exited).toBe(1);
      expect(child.output()).toMatch(new RegExp(`^NATS_URL=nats://127\\.0\\.0\\.1:${natsPort}: connection refused \\(tried \\d+ times over 15 s\\)$`, 'm'));
      expect(child.output()).not.toMatch(/^DATABASE_URL=/m);
      expect(child.output()).not.toMatch(/^\s+at /m);
    },
    120_000,
  );
});
