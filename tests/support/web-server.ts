import { execFile, fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { reactRouterCli } from '../../apps/web/react-router-build';
import { systemMigrations } from '@moncafe/infra/runtime-migrations';
import { emptyEmbeddedDatabaseInto, migratedEmbeddedDatabaseInto } from './services';
import { ordinaryInstant } from './test-days';
import { until } from './until';

/**
 * The real web server (apps/web/server.ts) for scenario, security and browser tests: a child
 * process on a free port over a fresh embedded database, serving the PRODUCTION build
 * (NODE_ENV=test), as a newcomer gets it from `npm start`. Never Vite's dev server: its
 * dependency optimizer reloads the page on a fresh clone ("Failed to fetch dynamically imported
 * module …/entry.client.tsx"), which breaks the first page a browser test opens.
 *
 * A child process, not the test worker: vitest loads its own copy of react-router, while
 * @react-router/express loads Node's, and the router refuses a context object built from the
 * other copy's class. A child process is also what production runs, and it lets a test read
 * everything the server logged (the password-leak check). Its clock moves through the Clock
 * port (`advanceClock`), never by replacing the global Date.
 *
 * `npm test` builds before vitest; when there is no build yet the first server here makes one
 * (once, even with several test files starting servers at the same time). A build older than
 * the sources is served as it is: run `npm run build` after changing apps/web.
 */
export const ADMIN_EMAIL = 'owner@moncafe.test';
export const ADMIN_PASSWORD = 'owner-password-for-tests-1';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webRoot = path.join(repoRoot, 'apps/web');
const serverEntry = path.join(webRoot, 'server.ts');
const serverBuild = path.join(webRoot, 'build/server/index.js');
/** The bundled web process `npm run start:prod` runs (apps/web/bundle-processes.ts). */
const processBuild = path.join(webRoot, 'build/process/server.js');

export interface TestWebServerOptions {
  /** Added to (or replacing) the defaults: DEMO_DATA, SMTP_URL, DATABASE_URL, OIDC_*, … NODE_ENV stays `test`. */
  env?: Record<string, string>;
  /** A port fixed in advance (an OpenID provider redirects to it); a free one otherwise. */
  port?: number;
  /** Called with everything the server writes, also before it serves (a test waiting for a line of its start). */
  onOutput?: (text: string) => void;
  /**
   * Runs the bundled production process (`npm run start:prod`, plain Node, no TypeScript loader)
   * instead of server.ts: what the fault suites start (decision 381). Needs `npm run build`.
   */
  production?: boolean;
  /**
   * Where the server's clock starts (TEST_CLOCK_START, decision 585); it runs on in real time from
   * there and moves further with `advanceClock`. Unset: 12:00 Tokyo on the next ordinary day
   * (`ordinaryInstant`), so no test depends on the hour, weekday or date the suite runs at.
   * `'system'`: the machine's own clock, for a test about the real time itself.
   */
  clockAt?: Date | 'system';
  /** Also serve /healthz and /readyz on a probe port of their own (PROBE_PORT, decision 600): `probeUrl`. */
  probe?: boolean;
}

export interface TestWebServer {
  /** `http://localhost:<port>`, also the server's PUBLIC_URL (the same-origin check trusts it). */
  url: string;
  /** `http://localhost:<PROBE_PORT>` with `probe`, where a balancer probes (decision 600); null otherwise. */
  probeUrl: string | null;
  dataDir: string;
  /** The server process's id (the bench reads its memory). */
  pid: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** The instant the server's clock started at; null when it runs on the machine's clock. */
  clockStart: Date | null;
  /** The server's clock now (its day, not the machine's: decision 585). */
  now(): Promise<Date>;
  /** Moves the server's clock forward (no sleeping), through its Clock port (runtime.ts `testClock`). */
  advanceClock(ms: number): Promise<void>;
  /** Sends `signal` to the server process and resolves with its exit code (the signal's name when it was killed). */
  signal(signal: NodeJS.Signals): Promise<number | string>;
  /** Stops the server; the data folder stays until `close`. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The default clock of this test file's servers: an ordinary day's noon when the first of them
 * starts, and later servers that much further on, so two servers over one database agree on the
 * time as two real processes would.
 */
let suiteEpoch: { realMs: number; at: Date } | undefined;
function suiteClock(): Date {
  suiteEpoch ??= { realMs: Date.now(), at: ordinaryInstant(new Date()) };
  return new Date(suiteEpoch.at.getTime() + (Date.now() - suiteEpoch.realMs));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startTestWebServer(options: TestWebServerOptions = {}): Promise<TestWebServer> {
  await ensureWebBuild();
  // A port chosen here may be taken by someone else before the server binds it: try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: TestWebServerOptions): Promise<TestWebServer> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const probePort = options.probe ? await freePort() : null;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-web-'));
  // Over the embedded database: an empty one copied in, instead of the server's slow initdb, with
  // the schema the server's sources make already in it (decision 663). Not under the bundled
  // process, which may have been built from other sources, nor beside KurrentDB, which keeps the
  // events elsewhere: those start from the empty cluster and migrate it themselves.
  if (!options.env?.DATABASE_URL && !options.env?.DATA_DIR) {
    if (options.production || options.env?.EVENTSTORE_URL) await emptyEmbeddedDatabaseInto(dataDir);
    else await migratedEmbeddedDatabaseInto(dataDir, systemMigrations({ eventStoreUrl: undefined }));
  }
  let output = '';
  const clockStart = options.clockAt === 'system' ? null : (options.clockAt ?? suiteClock());
  if (options.production && !existsSync(processBuild)) throw new Error(`no production build at ${processBuild}: run npm run build`);
  const child: ChildProcess = fork(options.production ? processBuild : serverEntry, [], {
    cwd: repoRoot,
    execArgv: options.production ? [] : ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      // As behind a proxy on this machine: a test names a client's address with X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_DATA: '1',
      LOG_LEVEL: 'info',
      ...(clockStart ? { TEST_CLOCK_START: clockStart.toISOString() } : {}),
      ...(probePort !== null ? { PROBE_PORT: String(probePort) } : {}),
      ...options.env,
      // The production build; `development` would serve the sources through Vite's dev server.
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`web server did not start within 120 s:\n${output}`)), 120_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        options.onOutput?.(chunk.toString());
        const served = /MonCafe: (http:\/\/\S+?)\/moncafe/.exec(output)?.[1];
        if (!served) return;
        clearTimeout(timer);
        if (served === url) resolve();
        else reject(new Error(`web server serves ${served}, expected ${url}`));
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        options.onOutput?.(chunk.toString());
      });
      void exited.then((code) => {
        clearTimeout(timer);
        const message = `web server exited (${code}) before serving:\n${output}`;
        reject(/EADDRINUSE/.test(output) ? new PortTaken(message) : new Error(message));
      });
    });
  } catch (error) {
    await terminate(child, exited);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const stop = () => terminate(child, exited);
  return {
    url,
    probeUrl: probePort === null ? null : `http://localhost:${probePort}`,
    dataDir,
    clockStart,
    pid: child.pid!,
    output: () => output,
    async now() {
      const response = await fetch(`${url}/__test/clock`);
      if (!response.ok) throw new Error(`the server's clock did not answer: HTTP ${response.status}`);
      return new Date(((await response.json()) as { now: string }).now);
    },
    async advanceClock(ms: number) {
      // Served by server.ts only when NODE_ENV=test: the runtime's clock, not the global Date, moves.
      const response = await fetch(`${url}/__test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: ms }),
      });
      if (!response.ok) throw new Error(`the server's clock did not move: HTTP ${response.status}`);
    },
    async signal(signal) {
      child.kill(signal);
      return (await exited) ?? 'unknown';
    },
    stop,
    async close() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function terminate(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

/**
 * Builds apps/web once when there is no build (a fresh clone running vitest directly). Test
 * files run in parallel workers: a lock folder lets one build while the others wait for it.
 */
async function ensureWebBuild(): Promise<void> {
  if (existsSync(serverBuild)) return;
  const lock = path.join(os.tmpdir(), `moncafe-web-build-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}.lock`);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    try {
      await mkdir(lock);
    } catch {
      // Someone else is building; a lock left by a process that died is taken over after 10 minutes.
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 10 * 60_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (existsSync(serverBuild) && !existsSync(lock)) return;
      continue;
    }
    try {
      if (!existsSync(serverBuild)) {
        await promisify(execFile)(process.execPath, [reactRouterCli, 'build'], {
          cwd: webRoot,
          maxBuffer: 64 * 1024 * 1024,
        });
      }
      return;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  throw new Error('timed out waiting for the web build (npm run build)');
}

/**
 * Projections apply the demo data after the server starts: wait (bounded: `attempts` reads 50 ms
 * apart) until a call answers what the test needs, polling the answer rather than sleeping a
 * fixed time. Built on the one bounded wait, `until`.
 */
export async function waitForAnswer<T>(read: () => Promise<T>, ready: (value: T) => boolean, attempts = 100): Promise<T> {
  let last: T | undefined;
  await until(
    async () => {
      last = await read();
      return ready(last);
    },
    { timeoutMs: attempts * 50, everyMs: 50, what: 'an answer that is ready' },
  ).catch((error: unknown) => {
    throw new Error(`the answer never became ready; last: ${JSON.stringify(last)}`, { cause: error });
  });
  return last as T;
}
