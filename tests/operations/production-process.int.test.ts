import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, emptyEmbeddedDatabaseInto, postgresUrl, type TestDatabase } from '../support/services';
import { until } from '../support/until';
import { freePort } from '../support/web-server';

/**
 * The bundled web process (`npm run start:prod`) with NODE_ENV=production. No secret in its log
 * (decision 554): on an empty system its generated admin password goes only to the 0600 file and
 * the log says where; every line it writes is JSON; the whole output, stdout and stderr, is
 * searched for the password. Migrations once per deploy (decision 555): on PostgreSQL it does
 * not migrate, it waits for `migrate.js` and says so. Needs `npm run build`.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const processBuild = path.join(repoRoot, 'apps/web/build/process/server.js');
const migrateBuild = path.join(repoRoot, 'apps/worker/build/migrate.js');
const serverUrl = await postgresUrl();
const secrets = {
  SESSION_SECRET: 'a-production-session-secret-of-40-characters',
  SECRETS_KEY: 'a-production-secrets-key-of-40-characters!!',
};

async function startProduction(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-production-log-'));
  if (!env.DATABASE_URL) await emptyEmbeddedDatabaseInto(dataDir);
  const child = fork(processBuild, [], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ...secrets,
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const serving = () =>
    until(() => /MonCafe: http:\/\/\S+\/moncafe/.test(output) || child.exitCode !== null, { what: 'the production process to serve', timeoutMs: 120_000 });
  if (!env.DATABASE_URL) await serving();
  return {
    serving,
    exited: exited.then(([code]) => code as number | null),
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the production log', () => {
  const started: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
  });

  it('never holds the generated admin password, says where it is kept, and is JSON line by line', async () => {
    const web = await startProduction({});
    started.push(web);
    const file = path.join(web.dataDir, 'admin-credentials.txt');
    await until(() => /admin account was created/.test(web.output()), { what: 'the line saying where the password is', timeoutMs: 10_000 });
    const password = /^Password: (\S+)$/m.exec(readFileSync(file, 'utf8'))?.[1];
    expect(password).toBeTruthy();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const output = web.output();
    expect(output).not.toContain(password!);
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const told = lines.map((l) => JSON.parse(l) as { msg: string; file?: string }).find((l) => /admin account was created/.test(l.msg));
    expect(told?.file).toBe(file);
  }, 180_000);

  it('never holds a password given in ADMIN_PASSWORD either', async () => {
    const given = 'given-admin-password-for-the-log-test-1';
    const web = await startProduction({ ADMIN_EMAIL: 'owner@moncafe.test', ADMIN_PASSWORD: given });
    started.push(web);
    expect(web.output()).toMatch(/MonCafe: http/);
    expect(web.output()).not.toContain(given);
    for (const line of web
      .output()
      .split('\n')
      .filter((l) => l.trim() !== ''))
      expect(() => JSON.parse(line), line).not.toThrow();
  }, 180_000);
});

describe.skipIf(!serverUrl)('migrations once per deploy', () => {
  let database: TestDatabase | null = null;
  const started: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
    await database?.drop();
  });

  it('does not migrate in production: waits for migrate.js, saying so once, then serves', async () => {
    database = await createTestDatabase(serverUrl!, 'moncafe_migrate');
    const env = { DATABASE_URL: database.url, ADMIN_EMAIL: 'owner@moncafe.test', ADMIN_PASSWORD: 'owner-password-for-production-1' };
    const web = await startProduction(env);
    started.push(web);
    await until(() => /waiting for the migrations: run npm run migrate/.test(web.output()), {
      what: 'the process to wait for the migrations',
      timeoutMs: 60_000,
    });
    expect(web.output()).not.toMatch(/MonCafe: http/);

    const { stdout } = await promisify(execFile)(process.execPath, [migrateBuild], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...secrets, ...env },
    });
    expect(stdout).toMatch(/"msg":"migrations are in"/);
    await web.serving();
    expect(web.output()).toMatch(/MonCafe: http/);
    expect(web.output().match(/waiting for the migrations/g)).toHaveLength(1);
    for (const line of web
      .output()
      .split('\n')
      .filter((l) => l.trim() !== ''))
      expect(() => JSON.parse(line), line).not.toThrow();
  }, 240_000);

  it('stops with one JSON line naming npm run migrate when the migrations never come', async () => {
    const fresh = await createTestDatabase(serverUrl!, 'moncafe_unmigrated');
    try {
      const web = await startProduction({ DATABASE_URL: fresh.url, START_TIMEOUT_SECONDS: '1' });
      started.push(web);
      expect(await web.exited).toBe(1);
      const last = web.output().trim().split('\n').at(-1)!;
      expect(JSON.parse(last)).toMatchObject({ level: 60, msg: expect.stringMatching(/migrations are not in: run npm run migrate/) });
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
