import { createContext, RouterContextProvider } from 'react-router';
import type { Application } from '@moncafe/domain/application';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import type { Runtime } from '@moncafe/infra/runtime';
import type { Queries } from '@moncafe/projections/queries';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { createOidcClient, type OidcClient } from '#app/auth/oidc-client.server';
import { keptPages, type KeptPages, type KeptPageTicket } from '#app/http/kept-pages';

/**
 * How loaders, actions and middleware reach the running system: through the router context,
 * never a module singleton, so tests and several servers in one process each get their own.
 *
 * This module is the seam between the process and the React Router build: `server.ts` imports it,
 * and vite.config.ts keeps it out of the server bundle, so both load this one file once and share
 * its context keys (`context.get` compares keys by identity).
 *
 *   const { services, queries } = appOf(context);   // use cases and read-model queries
 */
export interface WebApp {
  runtime: Runtime;
  /** Every use case (domain/src/application.ts). */
  services: Application;
  /** Read-model queries bound to the database (projections/src/queries.ts). */
  queries: Queries;
  /** The OpenID Connect client, discovered once on first use (null without OIDC settings). */
  oidc: OidcClient | null;
  /** Guests' kept pages, answered before React Router (decision 460, http/kept-pages.ts). */
  keptPages: KeptPages;
  /** Today's date in Tokyo by the runtime's clock: a kept page stands for one day. */
  today(): string;
}

/** Built once per process by server.ts, from the runtime. */
export function createWebApp(runtime: Runtime): WebApp {
  return {
    runtime,
    services: runtime.services,
    queries: runtime.queries,
    oidc: runtime.config.oidc ? createOidcClient(runtime.config.oidc, runtime.config.publicUrl) : null,
    keptPages: keptPages((data) => runtime.referenceData.holds(data)),
    today: () => tokyoDateOf(runtime.clock.now()),
  };
}

const webAppContext = createContext<WebApp>();

/** The CSP nonce of this response: every inline script must carry it (made by the outermost layer, app/http/answer-edge.ts). */
export const nonceContext = createContext<string>('');

/** The door's ticket for this request (a guest's GET it may answer next time with the page kept now). */
export const keptPageTicketContext = createContext<KeptPageTicket | null>(null);

/** The client's address as express saw it (honouring `trust proxy`); null when unknown. */
export const clientAddressContext = createContext<string | null>(null);

/** The request's id (X-Request-Id, set by the server's access log): the correlation id of what the request appends. */
const requestIdContext = createContext<string | null>(null);

/**
 * The correlation id of the command a request sends: its request id, so one booking is followed
 * from the access log into its events, projections and mails (decision 177); a fresh uuid when
 * the request has none (a route tested without the server).
 */
export function correlationIdOf(context: Readonly<RouterContextProvider>): string {
  return context.get(requestIdContext) ?? appOf(context).runtime.ids.uuid();
}

/** The signed-in user of this request, looked up once however many loaders ask (auth/session.server.ts). */
export const userContext = createContext<Promise<SignedInUser | null> | null>(null);

/**
 * What `getLoadContext` returns for one request: a context provider holding the app, the client's
 * address, the request id (the correlation id of what it appends) and the CSP nonce the answer's
 * headers carry (a fresh one when none is given).
 */
export function createAppLoadContext(
  app: WebApp,
  request: { clientAddress?: string | null; requestId?: string | null; nonce?: string | undefined; keptPage?: KeptPageTicket | undefined } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(webAppContext, app);
  context.set(clientAddressContext, request.clientAddress ?? null);
  context.set(requestIdContext, request.requestId ?? null);
  context.set(nonceContext, request.nonce ?? crypto.randomUUID());
  context.set(keptPageTicketContext, request.keptPage ?? null);
  return context;
}

/** The running app of the request a loader, action or middleware is serving. */
export function appOf(context: Readonly<RouterContextProvider>): WebApp {
  return context.get(webAppContext);
}

/** The runtime (config, logger, clock, sessions, live hub) of the request being served. */
export function getRuntime(context: Readonly<RouterContextProvider>): Runtime {
  return appOf(context).runtime;
}

// The server is compiled outside the app's typegen, so it declares the flag too: with it,
// `getLoadContext` may (must) return a RouterContextProvider.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
