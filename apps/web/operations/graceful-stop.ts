import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import { closeWhenIdle } from '@moncafe/infra/operations/stop';

/**
 * The web process's stop (decisions 175, 550), in order:
 * 1. `drain`: /readyz answers 503 `stopping` at once, and every answer says `Connection: close`,
 *    so a kept-alive client opens its next request elsewhere; the port still accepts and answers
 *    for the drain window (SHUTDOWN_DRAIN_SECONDS), while the balancer notices and stops sending.
 *    Nothing is closed here: closing an idle kept-alive connection races a request the client may
 *    be sending on it, and a closed listener resets the connections queued in its backlog.
 * 2. `stop`: the listener closes, every /live stream is told to reconnect elsewhere (a short SSE
 *    retry hint, then the end), in-flight requests finish, each connection closing as it falls idle;
 * 3. then `closeSystem`: the reactor and projector batches finish (or roll back: a batch is one
 *    transaction with its checkpoint), the relay releases its lead, the bus and pools close.
 * The caller bounds step 2 and 3 (stopWithin, after the drain) and exits 1 past the bound.
 */
export function gracefulStop(deps: { server: Server; drainLive(): void; closeSystem(): Promise<void> }) {
  let draining = false;
  let stopping: Promise<void> | null = null;
  const middleware: RequestHandler = (_req, res, next) => {
    if (draining) res.setHeader('Connection', 'close');
    next();
  };
  return {
    stopping: () => draining,
    /** Marks answers `Connection: close` while stopping (goes before the routes). */
    middleware,
    /** Turns /readyz 503 and resolves once `wait` (the drain window) has passed. */
    async drain(wait: () => Promise<void>): Promise<void> {
      draining = true;
      await wait();
    },
    stop(): Promise<void> {
      draining = true;
      stopping ??= (async () => {
        const closed = closeWhenIdle(deps.server);
        deps.drainLive();
        await closed;
        await deps.closeSystem();
      })();
      return stopping;
    },
  };
}
