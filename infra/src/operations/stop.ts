import type { Logger } from 'pino';
import type { Server } from 'node:http';

/**
 * A process's stop, bounded (decision 175): `stop` runs (requests answered, the projector batch
 * finished, the relay lead released, pools closed) and the answer is the exit code — 0 when it
 * finished within `timeoutMs`, 1 when it failed or the bound passed (the caller exits anyway, so
 * a process manager never waits on a stuck stop).
 */
export async function stopWithin(timeoutMs: number, stop: () => Promise<void>, logger: Logger): Promise<0 | 1> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([stop().then(() => 'stopped' as const), expired]);
    if (outcome === 'expired') {
      logger.error({ timeoutMs }, 'stop did not finish in time: exiting anyway');
      return 1;
    }
    logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
    return 0;
  } catch (err) {
    logger.error({ err }, 'error while stopping');
    return 1;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `stop` on the first SIGTERM or SIGINT and exits with its code; a second signal exits 1
 * at once (an operator who presses Ctrl-C twice means it).
 */
export function exitOnSignal(logger: Logger, stop: () => Promise<0 | 1>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    void stop().then((code) => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * The drain window (decision 550): resolves after `ms`, during which the caller keeps its port
 * open and answering while /readyz says 503, so a balancer or Kubernetes' endpoints stop sending
 * here before anything closes. Logged once, so the stop's phases read in order.
 */
export function drainFor(ms: number, logger: Logger): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  logger.info({ drainSeconds: ms / 1000 }, 'draining: not ready, still answering');
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Closes a listening server without cutting anything that reached it: no new connections, every
 * request in hand answered, each kept-alive connection closed once it falls idle (checked every
 * 50 ms, so one finishing late is not left open until its keep-alive timeout).
 */
export async function closeWhenIdle(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  try {
    await closed;
  } finally {
    clearInterval(sweeper);
  }
}
