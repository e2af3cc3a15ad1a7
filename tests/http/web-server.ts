import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real web server (apps/web/server.ts) on a free port over a fresh embedded database with
 * the demo data, as a newcomer gets it from `npm start`. Scenario and browser tests share it.
 *
 * It runs as a child process, not inside the test worker: vitest loads its own copy of
 * react-router, while @react-router/express loads Node's, and the router refuses a context
 * object built from the other copy's class. A child process is also what production runs.
 */
export interface TestWebServer {
  url: string;
  close(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/web/server.ts');

export async function startTestWebServer(env: NodeJS.ProcessEnv = {}): Promise<TestWebServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'moncafe-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@moncafe.test',
      ADMIN_PASSWORD: 'admin-password-for-tests',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /MonCafe: (http:\/\/\S+?)\/moncafe/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`web server exited (${code}) before serving:\n${output}`)));
  });
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Projections apply the demo data after the server starts: wait (bounded) until a call
 * answers what the test needs, polling the answer rather than sleeping a fixed time.
 */
export async function waitForAnswer<T>(read: () => Promise<T>, ready: (value: T) => boolean, attempts = 100): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < attempts; i++) {
    last = await read();
    if (ready(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the answer never became ready; last: ${JSON.stringify(last)}`);
}
