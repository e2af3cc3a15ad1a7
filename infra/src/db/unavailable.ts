/** Seconds a client waits before trying again while the database is away (a restart takes a few). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs a server sends when it is shutting down or not accepting connections yet. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether `error` says the database server cannot be reached right now (stopped, restarting, the
 * connection cut) rather than that a statement was wrong: such a request is answered 503 with
 * Retry-After, and the next one opens a new connection (decision 194).
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (
      typeof message === 'string' &&
      /^Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/.test(message)
    )
      return true;
    if (e instanceof AggregateError && e.errors.some((inner) => databaseUnavailable(inner))) return true;
  }
  return false;
}
