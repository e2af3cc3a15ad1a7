import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { reactRouterBuild } from '../../apps/web/react-router-build';
import { createTestDatabase } from '../support/services';
import { httpClient } from '../support/http-client';
import { BENCH_PORTS, kb, ms, rate, ratio, record, type Quick } from './measure';

/**
 * Pages against a bare React Router page (tests/bench/bare-app) served the same way — express,
 * the production build, `tsx` as `npm start` runs it — each in a process of its own: requests a
 * second at 50 connections, the JavaScript a first visit loads, resident memory when idle.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bareRoot = path.join(root, 'tests/bench/bare-app');

function buildIfMissing(appRoot: string) {
  if (existsSync(path.join(appRoot, 'build/server/index.js'))) return;
  console.log(`building ${path.relative(root, appRoot)} (react-router build)…`);
  reactRouterBuild(appRoot, 'ignore');
}

interface Served {
  url: string;
  child: ChildProcess;
  /** From the spawn to the first answer of `readyPath`. */
  startMs: number;
  stop(): Promise<void>;
}

/** `entry` through tsx (as `npm start` runs it), or a built `.js` with plain node (as `npm run start:prod`). */
async function serve(entry: string, env: Record<string, string>, port: number, readyPath = '/'): Promise<Served> {
  const spawned = performance.now();
  const child = spawn(process.execPath, entry.endsWith('.js') ? [entry] : ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${entry} exited: ${output}`);
    const up = await fetch(url + readyPath).then(
      (r) => readyPath === '/' || r.status === 200,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error(`${entry} did not start: ${output}`);
    await delay(100);
  }
  const startMs = performance.now() - spawned;
  return {
    url,
    child,
    startMs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, delay(5000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

async function residentMemory(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Seconds of quiet before an idle reading may stand (V8's memory reducer, decision 441). */
const MEMORY_REDUCER_SECONDS = 20;

/**
 * Each process's resident memory once it is idle (decision 441): read every second for at least
 * MEMORY_REDUCER_SECONDS and until none of them has shrunk by more than 1 MiB for 5 readings
 * running (at most 45 s). V8 gives back the young generation it grew while starting and serving
 * only after some seconds of quiet, so a reading 2 s after the last visit measured the start, not
 * the wait.
 */

async function settledMemory(pids: readonly number[]): Promise<number[]> {
  let last = await Promise.all(pids.map(residentMemory));
  let lowest = [...last];
  let steady = 0;
  // Not before V8's memory reducer has had its turn: it first looks about 8 s after a busy spell
  // and then collects in steps, so a process can hold its start-up young generation for 13–14 s
  // of quiet and still let it go (t33-pages, docs/benchmarks-log.md). Five steady readings that
  // end before then read the visits, not the idle process.
  for (let second = 0; second < 45 && (steady < 5 || second < MEMORY_REDUCER_SECONDS); second++) {
    await delay(1000);
    last = await Promise.all(pids.map(residentMemory));
    const shrank = last.some((rss, i) => rss < lowest[i]! - 2 ** 20);
    lowest = lowest.map((low, i) => Math.min(low, last[i]!));
    steady = shrank ? 0 : steady + 1;
  }
  return last;
}

/**
 * Gzipped bytes of every script a first visit to `url` loads: the page's module preloads and what
 * its module script imports. Not every `/assets/….js` the page names: with lazy route discovery
 * the inlined partial manifest names the whole route manifest's file (`"url"`), which the browser
 * never loads; it grows with every staff route, not with what a guest downloads (decision 437).
 */
async function initialJs(base: string, pathname: string): Promise<number> {
  const html = await (await fetch(base + pathname)).text();
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const imports = [...html.matchAll(/\bimport\b(?:[^"'();]*\bfrom)?\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]!);
  const scripts = new Set([...preloads, ...imports]);
  let total = 0;
  for (const script of scripts) total += gzipSync(Buffer.from(await (await fetch(base + script)).arrayBuffer())).length;
  return total;
}

async function load(url: string, seconds: number, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  return { perSecond: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

export async function benchWeb(serverUrl: string, options: Quick) {
  const seconds = options.quick ? 5 : 15;
  buildIfMissing(path.join(root, 'apps/web'));
  buildIfMissing(bareRoot);
  const created = await createTestDatabase(serverUrl, 'moncafe_bench_web');
  const productPort = BENCH_PORTS.product;
  const productEnv = {
    NODE_ENV: 'production',
    // A fresh database of the bench's own: the process migrates it, as a deploy's migrate job would.
    MIGRATE_ON_START: '1',
    HOST: '127.0.0.1',
    DATABASE_URL: created.url,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    SECRETS_KEY: 'bench-secrets-key-bench-secrets-key-0000',
    PUBLIC_URL: `http://127.0.0.1:${productPort}`,
    ADMIN_EMAIL: 'bench@moncafe.test',
    ADMIN_PASSWORD: 'bench-password-123',
  };
  const product = await serve('apps/web/server.ts', productEnv, productPort);
  const bare = await serve('tests/bench/bare-app/server.ts', { NODE_ENV: 'production' }, BENCH_PORTS.bare);
  try {
    // A few visits, then quiet: what each process holds while it waits for guests.
    for (let i = 0; i < 20; i++) {
      await (await fetch(product.url + '/moncafe')).arrayBuffer();
      await (await fetch(bare.url + '/')).arrayBuffer();
    }
    const [productRss = 0, bareRss = 0] = await settledMemory([product.child.pid!, bare.child.pid!]);
    record({
      path: 'web process resident memory, idle (PostgreSQL)',
      product: `${Math.round(productRss / 2 ** 20)} MiB`,
      reference: `bare page ${Math.round(bareRss / 2 ** 20)} MiB`,
      ratio: ratio(productRss, bareRss),
      target: '≤ 2× bare',
      met: productRss <= 2 * bareRss,
    });

    const bareJs = await initialJs(bare.url, '/');
    for (const page of ['/moncafe', '/menu']) {
      const js = await initialJs(product.url, page);
      record({
        path: `initial JS of ${page}`,
        product: `${kb(js)} gzip`,
        reference: `bare page ${kb(bareJs)} gzip`,
        ratio: `+${kb(js - bareJs)}`,
        target: '≤ bare + 15 KB gzip',
        met: js <= bareJs + 15 * 1024,
      });
    }

    // The kitchen's screen is the floor's: served to a signed-in account.
    const owner = httpClient(product.url);
    const login = await owner.postJson('/api/auth/login', { email: 'bench@moncafe.test', password: 'bench-password-123' });
    if (login.status !== 200) throw new Error(`sign-in for /kitchen failed: HTTP ${login.status}`);
    const reference = await load(bare.url + '/', seconds);
    // The customer pages against their target in BENCHMARKS.md; the table's and the kitchen's measured beside them.
    const pages: [string, Record<string, string>, number | null][] = [
      ['/moncafe', {}, 0.9],
      ['/menu', {}, 0.9],
      ['/order/food', {}, null],
      ['/kitchen', { cookie: owner.cookie! }, null],
    ];
    for (const [page, headers, target] of pages) {
      const result = await load(product.url + page, seconds, headers);
      record({
        path: `${page} SSR, 50 connections`,
        product: `${rate(result.perSecond, ' req/s')}, p99 ${ms(result.p99)}${result.errors ? `, ${result.errors} errors` : ''}`,
        reference: `bare page ${rate(reference.perSecond, ' req/s')}, p99 ${ms(reference.p99)}`,
        ratio: ratio(result.perSecond, reference.perSecond),
        target: target === null ? 'measured beside them' : `≥ ${target}× bare req/s`,
        met: target === null ? (result.errors === 0 ? null : false) : result.perSecond >= target * reference.perSecond && result.errors === 0,
      });
    }
    // Fast back (decision 555): the built process, plain node, on the database that now holds the
    // demo's log, from its spawn to /readyz 200 — beside the bare page's start to its first answer.
    await product.stop();
    const built = await serve(
      'apps/web/build/process/server.js',
      { ...productEnv, MIGRATE_ON_START: '0', SHUTDOWN_DRAIN_SECONDS: '0' },
      productPort,
      '/readyz',
    );
    await built.stop();
    record({
      path: 'built web process: start to ready (/readyz 200) on the demo log (PostgreSQL)',
      product: `${(built.startMs / 1000).toFixed(1)} s`,
      reference: `bare page start to first answer ${(bare.startMs / 1000).toFixed(1)} s`,
      ratio: ratio(built.startMs, bare.startMs),
      target: '≤ 10 s',
      met: built.startMs <= 10_000,
    });
  } finally {
    await bare.stop();
    await product.stop();
    await created.drop();
  }
}
