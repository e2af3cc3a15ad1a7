import { createContext, RouterContextProvider } from 'react-router';
import type { RouterContext } from 'react-router';
import type { Runtime } from '@moncafe/infra/runtime';
import { clientAddressContext } from './auth/request-context';

/**
 * How loaders and actions reach the running system: through the router context, never a module
 * singleton, so tests and several servers in one process each get their own runtime.
 *
 * With the v8_middleware flag on, React Router only accepts a RouterContextProvider from
 * `getLoadContext`; the server builds one with `createAppLoadContext(runtime)` and routes read it
 * back with `getRuntime(context)`.
 */

// The server imports this module directly while the routes import it from the vite build, so
// there can be two copies of it in one process. A context key is compared by identity, so the
// key is kept in a process-wide registry slot that both copies share.
const registryKey = Symbol.for('moncafe.web.runtimeContext');
type Registry = { [registryKey]?: RouterContext<Runtime> };
const registry = globalThis as Registry;

export const runtimeContext: RouterContext<Runtime> = (registry[registryKey] ??= createContext<Runtime>());

/** What `getLoadContext` returns: a context provider holding the runtime. */
export function createAppLoadContext(runtime: Runtime, request: { clientAddress?: string | null } = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  // The client's address (express `req.ip`), for per-IP rate limits and the audit log.
  context.set(clientAddressContext, request.clientAddress ?? null);
  return context;
}

/** The runtime of the request a loader or action is serving. */
export function getRuntime(context: Readonly<RouterContextProvider>): Runtime {
  return context.get(runtimeContext);
}

// The server is compiled outside the app's typegen, so it declares the flag too: with it,
// `getLoadContext` may (must) return a RouterContextProvider.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

export type AppLoadContextFactory = typeof createAppLoadContext;
