import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { until } from '../support/until';
import { freePort } from '../support/web-server';
import {
  builtCommands,
  devOnlyPackages,
  dockerfileReceiptFont,
  node24,
  productionCommand,
  productionSteps,
  repoRoot,
  runtimeFiles,
} from '../support/production';
import { httpClient } from '../support/http-client';
import { checkedIn, moveToOpenHours, withToken } from '../support/table-order';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestWebServer } from '../support/web-server';

/**
 * Decision 172, "a production start": in a fresh copy of the repository (its files as git has them,
 * no node_modules, no build), `npm ci` and `npm run build`; then, as the Dockerfile's runtime
 * stage does, a folder with only the package manifests and what the build made, `npm ci
 * --omit=dev` there, and the processes started with plain Node 24: no sources, no tsx, no build
 * tools, no test packages.
 */
const run = promisify(execFile);
const npmEnv = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

async function npm(cwd: string, command: string): Promise<void> {
  const [bin, ...args] = command.split(' ');
  expect(bin).toBe('npm');
  await run('npm', args, { cwd, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
}

/** The repository's files as a fresh clone has them (tracked and new, nothing git ignores), with this worktree's edits. */
function copyRepository(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' }).split('\0');
  for (const file of files.filter(Boolean)) {
    const from = path.join(repoRoot, file);
    if (!existsSync(from)) continue; // deleted in the worktree
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    copyFileSync(from, path.join(to, file));
  }
}

interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function start(cwd: string, script: 'start:prod' | 'worker:prod' | 'migrate:prod', env: Record<string, string>): Started {
  const [, file] = productionCommand(script);
  let output = '';
  // Plain node: the Node 24 binary itself, the built file, and nothing on PATH that could lend it tsx.
  const child = spawn(node24(), [file!], { cwd, env: { PATH: '/usr/bin:/bin', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, pattern: RegExp): Promise<RegExpExecArray> {
  await until(
    () => {
      if (started.child.exitCode !== null) throw new Error(`exited (${started.child.exitCode}) before ${pattern}:\n${started.output()}`);
      return pattern.test(started.output());
    },
    { timeoutMs: 60_000, everyMs: 50, what: `${pattern} in the output` },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}:\n${started.output()}`, { cause: error });
  });
  return pattern.exec(started.output())!;
}

async function stop(started: Started): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  started.child.kill('SIGTERM');
  const killer = setTimeout(() => started.child.kill('SIGKILL'), 15_000);
  await started.exited;
  clearTimeout(killer);
}

const secrets = () => ({ SESSION_SECRET: randomBytes(32).toString('base64url'), SECRETS_KEY: randomBytes(32).toString('base64') });

/** /healthz and /readyz as a monitor asks them: no redirect followed, a JSON answer. */
async function expectHealthy(url: string): Promise<void> {
  for (const endpoint of ['/healthz', '/readyz']) {
    const response = await fetch(`${url}${endpoint}`, { redirect: 'manual' });
    expect(response.status, endpoint).toBe(200);
    expect(response.headers.get('content-type'), endpoint).toMatch(/^application\/json/);
  }
}

describe('the production start from a fresh copy', () => {
  let copy: string;
  /** The runtime folder: manifests, production packages, the built files; what the image holds. */
  let runtime: string;
  const running: Started[] = [];
  const dataDirs: string[] = [];
  let database: TestDatabase | null = null;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(os.tmpdir(), 'moncafe-production-'));
    copyRepository(copy);
    for (const step of productionSteps.build) await npm(copy, step);
    runtime = await mkdtemp(path.join(os.tmpdir(), 'moncafe-runtime-'));
    const { manifests, built } = runtimeFiles();
    for (const file of [...manifests, ...built]) cpSync(path.join(copy, file), path.join(runtime, file), { recursive: true });
    await npm(runtime, productionSteps.install);
  }, 900_000);

  afterAll(async () => {
    for (const started of running) await stop(started);
    await database?.drop();
    for (const dir of [copy, runtime, ...dataDirs]) if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('installs no build or test package with npm ci --omit=dev, and holds no source, only the built processes', () => {
    const installed = devOnlyPackages.filter((name) => existsSync(path.join(runtime, 'node_modules', name, 'package.json')));
    expect(installed).toEqual([]);
    for (const source of ['apps/web/server.ts', 'apps/web/app', 'infra/src', 'domain/src']) expect(existsSync(path.join(runtime, source)), source).toBe(false);
    for (const script of ['start:prod', 'worker:prod'] as const) expect(existsSync(path.join(runtime, productionCommand(script)[1]!)), script).toBe(true);
    expect(execFileSync(node24(), ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
  });

  /** `npm run start:prod`'s command on a free port with a fresh data folder, once it says it serves. */
  async function startWeb(env: Record<string, string>): Promise<{ web: Started; url: string }> {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-production-data-'));
    dataDirs.push(dataDir);
    const web = start(runtime, 'start:prod', {
      ...secrets(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@moncafe.test',
      ADMIN_PASSWORD: 'owner-password-for-production-1',
      ...env,
    });
    running.push(web);
    const [, url] = await waitFor(web, /MonCafe: (http:\/\/\S+?)\/moncafe/);
    return { web, url: url! };
  }

  it('serves /moncafe from the built server with plain node, embedded', async () => {
    const { web, url } = await startWeb({});
    const page = await fetch(`${url}/moncafe`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    await expectHealthy(url);
    // Nothing was built at start: the process said so nowhere, and no build tool is installed to do it.
    expect(web.output()).not.toMatch(/building|rebuilding/);
  });

  it('answers --help from every built maintenance command with plain node, without a database or a source', () => {
    for (const command of builtCommands) {
      // No DATABASE_URL, no DATA_DIR: the usage comes before any configuration is read.
      const usage = execFileSync(node24(), [`apps/worker/build/${command}.js`, '--help'], { cwd: runtime, env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
      expect(usage, command).toMatch(new RegExp(`^usage: .*apps/worker/build/${command}\\.js`));
    }
  });

  it('makes a receipt PDF with the built server and the font the Dockerfile installs', async () => {
    const font = dockerfileReceiptFont();
    expect(existsSync(font), `${font} (Debian's fonts-noto-cjk, as the image installs it)`).toBe(true);
    // A test clock (NODE_ENV=test) only to reach the demo store's opening hours whenever this runs;
    // the server, its packages and its font are the production folder's.
    const { url } = await startWeb({ NODE_ENV: 'test', RECEIPT_FONT: font, ADMIN_EMAIL, ADMIN_PASSWORD });
    const clock: Pick<TestWebServer, 'url' | 'now' | 'advanceClock'> = {
      url,
      now: async () => new Date(((await (await fetch(`${url}/__test/clock`)).json()) as { now: string }).now),
      advanceClock: async (ms: number) => {
        await fetch(`${url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
      },
    };
    await moveToOpenHours(clock as TestWebServer);
    const admin = httpClient(url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const { guest, reservationId, token } = await checkedIn(url, 'seat-t1', 1);
    const placed = await guest.send('POST', '/api/orders', {
      json: { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
      headers: withToken(token),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const bill = (await (await admin.send('GET', `/api/orders/checkout?reservation_id=${reservationId}`)).json()) as { order_ids: string[]; total: number };
    const paid = await admin.send('POST', '/api/orders/checkout', {
      json: { reservation_id: reservationId, order_ids: bill.order_ids, payment_method: 'cash', tendered: bill.total },
      headers: { 'idempotency-key': `production-receipt-${reservationId}` },
    });
    const answer = (await paid.json()) as { receipt_id?: string };
    expect(paid.status, JSON.stringify(answer)).toBe(200);
    const pdf = await admin.send('GET', `/receipts/${answer.receipt_id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // pdfkit embeds the used glyphs of the collection's Japanese face under its PostScript name.
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJKjp-Regular/);
  });

  it('runs the worker and a web process on PostgreSQL as the README and compose.yaml do', async () => {
    const server = await postgresUrl();
    if (!server) return;
    database = await createTestDatabase(server, 'moncafe_production');
    const shared = { ...secrets(), NODE_ENV: 'production', DATABASE_URL: database.url, DEMO_DATA: '1' };
    // The deploy's one migration run (decision 555): production processes do not migrate.
    const migrate = start(runtime, 'migrate:prod', shared);
    expect(await migrate.exited, migrate.output()).toBe(0);
    expect(migrate.output()).toMatch(/"msg":"migrations are in"/);
    const worker = start(runtime, 'worker:prod', shared);
    running.push(worker);
    await waitFor(worker, /"msg":"worker started"/);
    const { url } = await startWeb({ ...shared, RUN_PROJECTIONS: '0', RUN_NOTIFICATIONS: '1' });
    expect((await fetch(`${url}/moncafe`)).status).toBe(200);
    await expectHealthy(url);
  });
});
