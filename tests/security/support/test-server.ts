import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts the real web server (apps/web/server.ts, Vite's dev server so the current sources are
 * served) as a child process on embedded PGlite in a fresh folder, and keeps everything it logs.
 * A separate process because React Router's context class must be the one the app was built
 * with, and because the password-leak test reads the server's whole output.
 */
export const ADMIN_EMAIL = 'owner@moncafe.test';
export const ADMIN_PASSWORD = 'owner-password-for-tests-1';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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

export interface TestServer {
  url: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Moves the server's clock forward (no sleeping). */
  advanceClock(ms: number): Promise<void>;
  /** Stops the server; the data folder stays until `close`. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestServer(options: { env?: Record<string, string>; port?: number } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-security-'));
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = fork(path.join(root, 'apps/web/server.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx', '--import', path.join(root, 'tests/security/support/shifted-clock.mjs')],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Ready when it answers; a process that dies first fails the suite with its output.
  const deadline = 120_000;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited:\n${output}`);
    try {
      const response = await fetch(`${url}/api/auth/status`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > deadline) throw new Error(`test server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  async function stop() {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  }
  return {
    url,
    dataDir,
    output: () => output,
    advanceClock(ms: number) {
      return new Promise<void>((resolve) => {
        const onMessage = (message: unknown) => {
          if (message && typeof message === 'object' && 'clockAdvanced' in message) {
            child.off('message', onMessage);
            resolve();
          }
        };
        child.on('message', onMessage);
        child.send({ advanceClockMs: ms });
      });
    },
    stop,
    async close() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps the session cookie and sends a same-origin Origin on writes. */
export function httpClient(baseUrl: string) {
  let cookie: string | null = null;
  async function send(
    method: string,
    pathname: string,
    init: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = new URLSearchParams(init.form);
    }
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', baseUrl);
    const response = await fetch(new URL(pathname, baseUrl), { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      if (!pair) continue;
      cookie = pair.slice(pair.indexOf('=') + 1) ? pair : null;
    }
    return response;
  }
  return {
    send,
    get: (pathname: string, headers?: Record<string, string>) => send('GET', pathname, headers ? { headers } : {}),
    postJson: (pathname: string, json: unknown, headers?: Record<string, string>) => send('POST', pathname, { json, ...(headers ? { headers } : {}) }),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
