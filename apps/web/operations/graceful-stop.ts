import type { Server } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * The web process's stop (decision 175), in order:
 * 1. stop taking new connections (`server.close`) and answer `Connection: close` on requests that
 *    still arrive on open keep-alive connections; /readyz answers 503 `stopping`;
 * 2. tell every /live stream to reconnect elsewhere (a short SSE retry hint, then the end);
 * 3. let in-flight requests finish, closing each connection as it falls idle;
 * 4. then `closeSystem`: the reactor and projector batches finish (or roll back: a batch is one
 *    transaction with its checkpoint), the relay releases its lead, the bus and pools close.
 * The caller bounds the whole (stopWithin) and exits 1 past the bound.
 */
export function gracefulStop(deps: { server: Server; drainLive(): void; closeSystem(): Promise<void> }) {
  let stopping: Promise<void> | null = null;
  const middleware: RequestHandler = (_req, res, next) => {
    if (stopping) res.setHeader('Connection', 'close');
    next();
  };
  return {
    stopping: () => stopping !== null,
    /** Marks answers `Connection: close` while stopping (goes before the routes). */
    middleware,
    stop(): Promise<void> {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => deps.server.close(() => resolve()));
        deps.drainLive();
        deps.server.closeIdleConnections();
        const sweeper = setInterval(() => deps.server.closeIdleConnections(), 50);
        try {
          await closed;
        } finally {
          clearInterval(sweeper);
        }
        await deps.closeSystem();
      })();
      return stopping;
    },
  };
}
