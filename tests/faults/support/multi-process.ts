import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startChild, startNatsServer, type Child } from '../../fanout/support/processes';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../operations/throwaway-postgres';
import { repoRoot } from '../../support/production';
import { until } from '../../support/until';
import { startTestWebServer, type TestWebServer } from '../../support/web-server';

/**
 * The README's multi-process setup, all of it the test's own: a PostgreSQL cluster and a NATS
 * server on ports of the test's range, workers (`npm run worker`) and web processes
 * (RUN_PROJECTIONS=0) sharing them, with the secrets processes of one system share. Only
 * processes started here are ever signalled, by pid; `close` stops them all and removes their folders.
 */
export interface Worker {
  child: Child;
  /** Whether its relay leads now (its log's last word on it). */
  leads(): boolean;
}

export interface MultiProcessSystem {
  postgres: ThrowawayPostgres;
  nats(): Child | null;
  natsUrl: string;
  env: Record<string, string>;
  startNats(): Promise<Child>;
  startWorker(): Worker;
  /** `env` adds to (or replaces) the system's own for this process. */
  startWeb(env?: Record<string, string>): Promise<TestWebServer>;
  close(): Promise<void>;
}

/** What `npm run worker:prod` runs (apps/web/bundle-processes.ts builds it). */
const workerBuild = path.join(repoRoot, 'apps/worker/build/main.js');
const LEADS = 'projectors started: this process leads';
const FOLLOWS = 'projectors stopped: another process leads';

export async function startMultiProcessSystem(
  ports: { postgres: number; nats: number },
  name: string,
  options: { natsUrl?: string; env?: Record<string, string>; postgres?: Parameters<typeof startThrowawayPostgres>[1] } = {},
): Promise<MultiProcessSystem> {
  const postgres = await startThrowawayPostgres(ports.postgres, options.postgres);
  const natsDir = await mkdtemp(path.join(os.tmpdir(), 'moncafe-faults-nats-'));
  // A cluster the test runs itself (options.natsUrl), or one server of the system's own.
  const natsUrl = options.natsUrl ?? `nats://127.0.0.1:${ports.nats}`;
  const env = {
    DATABASE_URL: postgres.url,
    NATS_URL: natsUrl,
    NATS_STREAM: name.toUpperCase(),
    NATS_SUBJECT_PREFIX: name.toLowerCase(),
    SESSION_SECRET: `${name}-session-secret-shared-by-every-process`,
    SECRETS_KEY: `${name}-secrets-key-shared-by-every-process-0123`,
    ...options.env,
  };
  let nats: Child | null = null;
  const workers: Child[] = [];
  const webs: TestWebServer[] = [];
  return {
    postgres,
    nats: () => nats,
    natsUrl,
    env,
    async startNats() {
      nats = await startNatsServer(ports.nats, natsDir);
      return nats;
    },
    startWorker() {
      // The production build, as `npm run worker:prod` runs it (the suites start what production starts, decision 381).
      const child = startChild(process.execPath, [workerBuild], {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...env,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      });
      workers.push(child);
      return {
        child,
        leads: () => {
          const output = child.output();
          return output.lastIndexOf(LEADS) > output.lastIndexOf(FOLLOWS);
        },
      };
    },
    async startWeb(more = {}) {
      const web = await startTestWebServer({ production: true, probe: true, env: { ...env, RUN_PROJECTIONS: '0', LOG_LEVEL: 'warn', ...more } });
      webs.push(web);
      return web;
    },
    async close() {
      for (const web of webs) await web.close().catch(() => undefined);
      for (const worker of workers) await worker.kill('SIGKILL');
      await nats?.kill('SIGKILL');
      await postgres.destroy();
      await rm(natsDir, { recursive: true, force: true });
    },
  };
}

/** Waits until exactly one of `workers` leads and answers it. */
export async function leaderOf(workers: Worker[], timeoutMs = 60_000): Promise<Worker> {
  let leader: Worker | undefined;
  await until(
    () => {
      const leading = workers.filter((w) => w.child.process.exitCode === null && w.child.process.signalCode === null && w.leads());
      leader = leading.length === 1 ? leading[0] : undefined;
      return leader !== undefined;
    },
    { what: 'one worker to lead', timeoutMs, everyMs: 50 },
  );
  return leader!;
}
