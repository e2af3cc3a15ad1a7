/**
 * The MonCafe web process: one express server that serves the React Router app (pages, /api,
 * /live) and, unless a separate worker does it, runs the relay and the projectors.
 *
 *   npm start          build if there is no build yet (or the sources changed since), then serve
 *   npm run dev        the same with Vite's dev server and hot reload
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { ConfigError, loadConfig } from '@moncafe/infra/config';
import { DataDirInUseError } from '@moncafe/infra/db/connection';
import * as runtimeModule from '@moncafe/infra/runtime';
import type { Runtime, RuntimeOptions } from '@moncafe/infra/runtime';
import * as seedModule from '@moncafe/infra/seed';
import type { SeedResult } from '@moncafe/infra/seed';
import { adminCredentialsPath, credentialsNotice } from '@moncafe/infra/auth/admin-credentials';
import { startFailureLine } from '@moncafe/infra/logger';
import { reactRouterBuild } from './react-router-build';
import { bundled, importServerBuild, webRoot } from './server-build';
import { crossSiteWriteGuard } from '#app/auth/express-guard';
import * as contextModule from '#app/context';
import { lastResortErrors, pageBodyGuard } from '#app/http/express-edge';
import { answerEdge, cspNonceOf } from '#app/http/answer-edge';
import { keptPageDoor, keptPageTicketOf } from '#app/http/kept-pages';
import { callTexts } from '#app/http/texts';
import * as accountMailsModule from '#app/auth/mails';
import * as mailsModule from '#app/reservation/mails';
import * as notificationMailsModule from '#app/notifications/mails';
import { drainFor, exitOnSignal, stopWithin } from '@moncafe/infra/operations/stop';
import { StartupError } from '@moncafe/infra/operations/startup';
import { startProbeThread } from '@moncafe/infra/operations/probe-thread';
import { operationsEndpoints } from './operations/endpoints';
import { boundedServer } from './operations/connection-bounds';
import { gracefulStop } from './operations/graceful-stop';
import { requestIdOf, requestLog } from './operations/request-log';
import { routeLabeller } from './operations/route-label';
import { startTracing } from '@moncafe/infra/tracing/tracing';

const serverBuildPath = path.join(webRoot, 'build/server/index.js');
const clientBuildPath = path.join(webRoot, 'build/client');

export interface RunningServer {
  url: string;
  /** What seeding an empty system made that the owner must be told (generated admin credentials). */
  seeded: SeedResult;
  /** The data folder (DATA_DIR), where the admin credentials file is kept. */
  dataDir: string;
  /** NODE_ENV=production: the start's own lines are log lines too, and name no secret (decision 554). */
  production: boolean;
  logger: Runtime['logger'];
  /** Stops at once (tests, tools): open connections are cut. */
  close(): Promise<void>;
  /**
   * Stops cleanly: answers through the drain window (SHUTDOWN_DRAIN_SECONDS, /readyz 503), then
   * within SHUTDOWN_TIMEOUT_SECONDS (decisions 175, 550); answers the exit code (1 past the bound).
   */
  stop(): Promise<0 | 1>;
}

/** What the web build is made from: a file here newer than the build means the build is stale. */
const buildSources = ['app', 'public', 'vite.config.ts', 'react-router.config.ts', '../../domain/src'].map((p) => path.join(webRoot, p));

/** The newest modification time (ms) of a file under these paths. */
function newestChange(paths: readonly string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && !entry.startsWith('.')) visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}

/**
 * Builds the app when there is no build yet, so `npm start` works right after `npm ci`; with
 * `whenStale`, also when a source file changed since the last build, so `npm start` never serves
 * yesterday's code. (Test servers serve the build as it is: many start at once.)
 */
export function ensureBuild(options: { whenStale?: boolean } = {}): void {
  const built = statSync(serverBuildPath, { throwIfNoEntry: false })?.mtimeMs;
  if (built !== undefined && !(options.whenStale && newestChange(buildSources) > built)) return;
  console.log(
    built === undefined ? 'no build found: building the web app (react-router build)…' : 'sources changed since the last build: rebuilding the web app…',
  );
  reactRouterBuild(webRoot, 'inherit');
}

export async function startServer(
  options: {
    env?: NodeJS.ProcessEnv;
    port?: number;
    dev?: boolean;
    /** Rebuild a build older than the sources (`npm start`). */
    rebuildStale?: boolean;
    overrides?: Omit<RuntimeOptions, 'reservationMails' | 'accountMails' | 'notificationMails' | 'reminderMails'>;
  } = {},
): Promise<RunningServer> {
  const config = loadConfig({ ...(options.env ?? process.env), ...(options.port !== undefined ? { PORT: String(options.port) } : {}) });
  // The build first: its output comes before anything the system says, so the start's last lines stay its own.
  // The production bundle has the build inside and never builds (`npm run start:prod`).
  if (!options.dev && !bundled) ensureBuild({ whenStale: options.rebuildStale ?? false });
  // With `dev`, Vite serves the app from source, and the modules the process shares with the
  // routes come from Vite's module graph too; otherwise Node loads them once for both (the
  // server build keeps them out of its bundle: vite.config.ts).
  const vite = options.dev ? await keepingOwnStop(() => import('vite').then((v) => v.createServer({ root: webRoot, server: { middlewareMode: true } }))) : null;
  const { startRuntime, seedEmptySystem, createWebApp, createAppLoadContext, reservationMails, reminderMails, accountMails, notificationMails } = vite
    ? await keepingOwnStop(() => sharedModulesFrom(vite))
    : sharedModules;
  // The process wiring, once: the application services, read-model queries and what routes reach
  // through the router context (app/context.ts). Seeding an empty system comes after it.
  const runtime = await startRuntime(config, {
    ...options.overrides,
    reservationMails: reservationMails(config.publicUrl),
    accountMails: accountMails(config.publicUrl),
    notificationMails: notificationMails(),
    reminderMails: reminderMails(config.publicUrl),
  });
  const seeded = await seedEmptySystem(runtime).catch(async (error: unknown) => {
    await runtime.close();
    await vite?.close();
    throw error;
  });
  const webApp = createWebApp(runtime);
  const app = express();
  app.disable('x-powered-by');
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (vite) build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  else build = await importServerBuild();
  // Operations first (decisions 175–177): the access log with request ids, `Connection: close`
  // while stopping, and /healthz, /readyz, /metrics before anything that may redirect or limit.
  // Slow clients and one address's flood of connections are bounded (decision 196).
  app.set('trust proxy', config.trustProxy);
  const trustedProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const server = boundedServer(app, {
    headersTimeoutMs: config.httpHeadersTimeoutMs,
    maxPerAddress: config.httpMaxConnectionsPerAddress,
    trustedProxy: (address) => config.trustProxy !== false && trustedProxy(address, 0),
    clientErrors: { tooLarge: callTexts.tooLarge, badRequest: callTexts.badRequest },
  });
  const stopping = gracefulStop({
    server,
    drainLive: () => runtime.live.drain(),
    closeSystem: async () => {
      await vite?.close();
      await runtime.close();
    },
  });
  app.use(
    requestLog({
      logger: runtime.logger,
      metrics: runtime.metrics,
      ids: runtime.ids,
      routeOf: routeLabeller(typeof build === 'function' ? null : build.routes),
    }),
  );
  app.use(stopping.middleware);
  app.use(operationsEndpoints(runtime, stopping));
  // Who the client is behind a proxy (TRUST_PROXY, set above): per-address limits and Secure cookies depend on it.
  // Outermost: the security headers on every answer, and unread bodies drained (app/http/answer-edge.ts).
  app.use(answerEdge(config));
  // Brotli or gzip for pages, JSON and assets — never the live stream, whose events must leave
  // at once rather than wait in a compression buffer.
  app.use(
    compression({
      filter: (req, res) =>
        req.path !== '/live' && !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );

  // NODE_ENV=test only: the HTTP tests move this process's clock through the Clock port (never
  // the global Date) to reach a deadline without sleeping (tests/support/web-server.ts).
  const testClock = runtime.testClock;
  if (testClock) {
    app.post('/__test/clock', express.json(), (req, res) => {
      testClock.advance(Number((req.body as { advanceMs?: unknown }).advanceMs));
      res.json({ now: runtime.clock.now().toISOString() });
    });
    // What a browser test sets its page's clock to (tests/support/browser.ts), so the page and the
    // server agree on the day when the server started on an injected instant (decision 585).
    app.get('/__test/clock', (_req, res) => {
      res.json({ now: runtime.clock.now().toISOString(), injected: runtime.config.testClockStart !== null });
    });
    // A slow answer for the stop test (tests/operations): the head and a first line at once, the
    // rest after `ms`, so a test knows the request started and can tell a whole answer from a cut one.
    app.get('/__test/slow', (req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store, no-transform' });
      res.write('started\n');
      setTimeout(() => res.end(`${'.'.repeat(4096)}\ndone\n`), Math.min(Number(req.query.ms) || 1000, 60_000));
    });
  }

  const closeVite = async () => vite?.close();
  // A guest's kept page is answered here, before the client build is looked up on disk and before
  // React Router matches a route (decision 460); every other request goes on.
  if (!vite) app.use(keptPageDoor(webApp.keptPages, webApp.today, cspNonceOf));
  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use('/assets', express.static(path.join(clientBuildPath, 'assets'), { immutable: true, maxAge: '1y' }));
    app.use(express.static(clientBuildPath, { maxAge: '1h' }));
  }

  // Cross-site writes are refused before React Router sees them (app/auth/express-guard.ts).
  app.use(crossSiteWriteGuard({ trustedOrigins: [config.publicUrl], logger: runtime.logger }));
  // Page bodies are capped before React Router reads them; calls are capped per call (json.server.ts).
  app.use(pageBodyGuard());
  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      mode: options.dev ? 'development' : 'production',
      getLoadContext: (req, res) =>
        createAppLoadContext(webApp, { clientAddress: req.ip ?? null, requestId: requestIdOf(req), nonce: cspNonceOf(res), keptPage: keptPageTicketOf(res) }),
    }),
  );

  // An error express met itself (a path that does not decode) is answered without a stack trace.
  app.use(lastResortErrors(runtime.logger));

  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // /healthz and /readyz also on a port of their own, answered by a thread of its own, so a probe
  // never waits behind the pages this loop renders (decision 600). Started once the main port
  // listens: its readiness says this process serves.
  const probes =
    config.probePort === undefined
      ? null
      : await startProbeThread({
          port: config.probePort,
          host: config.host,
          readiness: () => runtime.readiness(),
          stopping: stopping.stopping,
          logger: runtime.logger,
        }).catch(async (error: unknown) => {
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
          await closeVite();
          await runtime.close();
          throw error;
        });
  runtime.logger.info({ url, embedded: !config.databaseUrl, ...(probes ? { probePort: probes.port } : {}) }, 'MonCafe is serving');

  return {
    url,
    seeded,
    dataDir: config.dataDir,
    production: config.production,
    logger: runtime.logger,
    async close() {
      await probes?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeVite();
      await runtime.close();
    },
    async stop() {
      const drained = stopping.drain(() => drainFor(config.shutdownDrainMs, runtime.logger));
      // The probe port says `stopping` now, not at its next heartbeat.
      probes?.publish();
      await drained;
      const code = await stopWithin(config.shutdownTimeoutMs, () => stopping.stop(), runtime.logger);
      await probes?.close();
      return code;
    },
  };
}

/**
 * Runs `work` and removes the SIGTERM and stdin-end listeners it added: Vite's inner dev server
 * (the React Router plugin starts one) registers a handler that closes it and exits the process at
 * once, which would cut in-flight requests and skip the clean stop (decision 175).
 */
async function keepingOwnStop<T>(work: () => Promise<T>): Promise<T> {
  const before = { sigterm: new Set(process.listeners('SIGTERM')), end: new Set(process.stdin.listeners('end')) };
  try {
    return await work();
  } finally {
    for (const l of process.listeners('SIGTERM')) if (!before.sigterm.has(l)) process.off('SIGTERM', l);
    for (const l of process.stdin.listeners('end')) if (!before.end.has(l)) process.stdin.off('end', l as () => void);
  }
}

/** The modules the process and the routes share, as Node loads them (a production build). */
const sharedModules = { ...runtimeModule, ...seedModule, ...contextModule, ...mailsModule, ...accountMailsModule, ...notificationMailsModule };

/** The same modules from the dev server's module graph, the copy the routes use in development. */
async function sharedModulesFrom(vite: ViteDevServer): Promise<typeof sharedModules> {
  const [runtime, seed, context, mails, accountMails, notificationMails] = await Promise.all([
    vite.ssrLoadModule('@moncafe/infra/runtime') as Promise<typeof runtimeModule>,
    vite.ssrLoadModule('@moncafe/infra/seed') as Promise<typeof seedModule>,
    vite.ssrLoadModule('/app/context.ts') as Promise<typeof contextModule>,
    vite.ssrLoadModule('/app/reservation/mails.ts') as Promise<typeof mailsModule>,
    vite.ssrLoadModule('/app/auth/mails.ts') as Promise<typeof accountMailsModule>,
    vite.ssrLoadModule('/app/notifications/mails.ts') as Promise<typeof notificationMailsModule>,
  ]);
  return { ...runtime, ...seed, ...context, ...mails, ...accountMails, ...notificationMails };
}

/**
 * The start's last lines: the generated admin credentials in a box on the first start, or where
 * they are kept while their file is still there (decision 108).
 */
function closingLines(running: RunningServer): string[] {
  if (running.production) return [];
  const admin = running.seeded.generatedAdmin;
  if (admin) return credentialsNotice('MonCafe: the first admin account was created', { ...admin, loginUrl: `${running.url}/login` });
  const file = adminCredentialsPath(running.dataDir);
  return existsSync(file) ? [`The admin credentials are kept in ${file} (npm run admin:reset-password sets new ones).`] : [];
}

/**
 * The start's last words in production (decision 554): log lines like every other, and never the
 * generated password, which `docker logs` and any log shipper would keep: only where it is kept.
 */
function announceInProduction(running: RunningServer): void {
  running.logger.info({ url: `${running.url}/moncafe` }, `MonCafe: ${running.url}/moncafe`);
  const admin = running.seeded.generatedAdmin;
  const file = admin?.file ?? adminCredentialsPath(running.dataDir);
  // The built command, not the npm script: the image has neither tsx nor the sources.
  const reset = 'node apps/worker/build/reset-admin-password.js';
  if (admin)
    running.logger.warn(
      { file, reset },
      `the first admin account was created with a generated password, kept only in this file (readable by this user only); ${reset} sets a new one`,
    );
  else if (existsSync(file)) running.logger.info({ file, reset }, `the admin credentials are kept in this file (${reset} sets new ones)`);
}

const startedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (startedDirectly) {
  try {
    // Traces first (decision 646), so the start's own work is traced too; nothing is loaded without a collector.
    const tracing = await startTracing(loadConfig(process.env), 'moncafe-web');
    const running = await startServer({ dev: process.env.NODE_ENV === 'development', rebuildStale: process.env.NODE_ENV !== 'test' });
    if (running.production) announceInProduction(running);
    else {
      console.log(`MonCafe: ${running.url}/moncafe`);
      for (const line of closingLines(running)) console.log(line);
    }
    exitOnSignal(running.logger, async () => {
      const code = await running.stop();
      await tracing?.shutdown();
      return code;
    });
  } catch (error) {
    // Configuration and start-up errors are one line naming the variable, without a stack (decision 179).
    if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof StartupError) {
      console.error(startFailureLine(error.message));
      process.exit(1);
    }
    throw error;
  }
}
