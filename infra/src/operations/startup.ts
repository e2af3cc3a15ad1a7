import type { Logger } from 'pino';

/**
 * Start-up against services that may still be starting (a container's PostgreSQL or NATS):
 * tried again with back-off for a bounded time, and a failure told in one line that names the
 * variable, where it pointed (password masked) and what went wrong, without a stack trace
 * (decision 179: `DATABASE_URL=postgres://cafe:***@db:5432/cafe: connection refused`).
 */
export class StartupError extends Error {
  override name = 'StartupError';
  constructor(
    readonly variable: string,
    target: string,
    reason: string,
  ) {
    super(`${variable}=${maskUrl(target)}: ${reason}`);
  }
}

/** The URL with its password replaced by `***` (and nothing at all when it does not parse). */
export function maskUrl(url: string): string {
  return url
    .split(',')
    .map((one) => {
      if (!URL.canParse(one)) return '(not a URL)';
      const parsed = new URL(one);
      if (parsed.password) parsed.password = '***';
      return parsed.toString().replace(/\/$/, '');
    })
    .join(',');
}

/** Errors that mean "not up yet": worth another try until the bound. */
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P03', 'CONNECTION_REFUSED']);

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown[] } | null;
  if (!e) return undefined;
  if (typeof e.code === 'string') return e.code;
  // AggregateError (IPv4 and IPv6 both refused) and wrapped causes carry the code inside.
  if (Array.isArray(e.errors)) return codeOf(e.errors[0]);
  return e.cause ? codeOf(e.cause) : undefined;
}

/** A short reason for people: the usual network and PostgreSQL failures in words, else the driver's message. */
function reasonOf(error: unknown): string {
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    CONNECTION_REFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found (DNS not answering)',
    '57P03': 'the database is starting up',
    '28P01': 'password authentication failed',
    '28000': 'authentication refused',
    '3D000': 'the database does not exist',
  };
  const code = codeOf(error);
  if (code && reasons[code]) return reasons[code];
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] || 'failed';
}

export interface StartupRetry {
  /** The environment variable that names the service (`DATABASE_URL`). */
  variable: string;
  /** Its value (masked in every message). */
  target: string;
  /** How long to keep trying a service that is not up yet. */
  timeoutMs: number;
  logger?: Logger;
}

/**
 * Runs `attempt` until it succeeds, trying again with back-off (0.25 s doubling up to 5 s) while
 * its error means the service is not up yet, for at most `timeoutMs`; then, or at once for any
 * other error (a wrong password), throws a StartupError.
 */
export async function retryWhileStarting<T>(options: StartupRetry, attempt: () => Promise<T>): Promise<T> {
  const deadline = performance.now() + options.timeoutMs;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const transient = TRANSIENT.has(codeOf(error) ?? '');
      const wait = Math.min(250 * 2 ** (tries - 1), 5000);
      if (!transient || performance.now() + wait > deadline) {
        const tried = tries > 1 ? ` (tried ${tries} times over ${Math.round(options.timeoutMs / 1000)} s)` : '';
        throw new StartupError(options.variable, options.target, `${reasonOf(error)}${tried}`);
      }
      options.logger?.warn(
        { variable: options.variable, target: maskUrl(options.target), reason: reasonOf(error), retryInMs: wait },
        'not reachable yet; trying again',
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
