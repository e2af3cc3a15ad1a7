/**
 * The MonCafe web process: one express server that serves the React Router app (pages, /api,
 * /live) and, unless a separate worker does it, runs the relay and the projectors.
 *
 *   npm start          build if there is no build yet, then serve (production build)
 *   npm run dev        the same with Vite's dev server and hot reload
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig } from '@moncafe/infra/config';
import { startRuntime, type RuntimeOverrides } from '@moncafe/infra/runtime';
import { crossSiteWriteGuard } from './app/auth/express-guard';
import type { AppLoadContextFactory } from './app/context';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const serverBuildPath = path.join(webRoot, 'build/server/index.js');
const clientBuildPath = path.join(webRoot, 'build/client');

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Builds the app once when there is no build yet, so `npm start` works right after `npm ci`. */
export function ensureBuild(): void {
  if (existsSync(serverBuildPath)) return;
  console.log('no build found: building the web app once (react-router build)…');
  execFileSync(process.execPath, [path.join(webRoot, '../../node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: webRoot,
    stdio: 'inherit',
  });
}

export async function startServer(
  options: { env?: NodeJS.ProcessEnv; port?: number; dev?: boolean; overrides?: RuntimeOverrides } = {},
): Promise<RunningServer> {
  const config = loadConfig({ ...(options.env ?? process.env), ...(options.port !== undefined ? { PORT: String(options.port) } : {}) });
  const runtime = await startRuntime(config, options.overrides);
  const app = express();
  app.disable('x-powered-by');

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let closeVite = async () => {};
  if (options.dev) {
    const vite = await import('vite').then((v) => v.createServer({ root: webRoot, server: { middlewareMode: true } }));
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    closeVite = () => vite.close();
  } else {
    ensureBuild();
    build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
    app.use('/assets', express.static(path.join(clientBuildPath, 'assets'), { immutable: true, maxAge: '1y' }));
    app.use(express.static(clientBuildPath, { maxAge: '1h' }));
  }

  // Cross-site writes are refused before React Router sees them (app/auth/express-guard.ts).
  app.use(crossSiteWriteGuard({ trustedOrigins: [config.publicUrl], logger: runtime.logger }));
  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      mode: options.dev ? 'development' : 'production',
      // The router checks the context with `instanceof`; a provider made by another copy of
      // react-router (a test runner's, say) would be refused, so the build makes its own.
      getLoadContext: async (req) => contextFactoryOf(typeof build === 'function' ? await build() : build)(runtime, { clientAddress: req.ip ?? null }),
    }),
  );

  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  runtime.logger.info({ url, embedded: !config.databaseUrl }, 'MonCafe is serving');

  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeVite();
      await runtime.close();
    },
  };
}

function contextFactoryOf(serverBuild: ServerBuild): AppLoadContextFactory {
  const factory = (serverBuild.entry.module as { createAppLoadContext?: AppLoadContextFactory }).createAppLoadContext;
  if (!factory) throw new Error('the server build does not export createAppLoadContext (app/entry.server.tsx)');
  return factory;
}

const startedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (startedDirectly) {
  try {
    const running = await startServer({ dev: process.env.NODE_ENV === 'development' });
    console.log(`MonCafe: ${running.url}/moncafe`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
