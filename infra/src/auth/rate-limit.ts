import type pg from 'pg';
import type { Clock } from '@moncafe/domain/ports';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** What is counted: e.g. `login:account:<hash>` or `api:ip:<address>`. */
  key: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

/**
 * Counts attempts in fixed windows, shared by every process: rate-limiter-flexible's PostgreSQL
 * store keeps one row per key and window (an atomic upsert), and a key over its limit is refused
 * from memory until its window ends, without asking the database again. So that a busy client
 * does not cost one database write per request, a process takes points from the shared counter
 * in leases of a twentieth of the limit (one point for the small login and mail limits, which
 * stay exact) and spends them from memory; the shared counter never hands out more than the
 * limit, so the limit holds across processes, and points one process leased but did not spend
 * are only an early refusal elsewhere (docs/decisions/042). Windows are aligned to the Clock
 * (window n is [n·length, (n+1)·length)) and name the counter's key, so time comes from the
 * Clock port like everywhere else and tests move it instead of sleeping.
 */
export interface RateLimiter {
  consume(rule: RateLimitRule): Promise<RateLimitResult>;
}

export interface RateLimitDeps {
  rateLimiter: RateLimiter;
}

/** The counters' table (auth/migrations.ts), in the shape rate-limiter-flexible's PostgreSQL store expects. */
const RATE_LIMIT_TABLE = 'rate_limit_counters';

/** Leases are this fraction of the limit. */
const LEASE_DIVISOR = 20;

interface Lease {
  points: number;
  window: number;
}

export function createRateLimiter(pool: pg.Pool, clock: Clock): RateLimiter {
  const limiters = new Map<string, RateLimiterPostgres>();
  const leases = new Map<string, Lease>();
  let calls = 0;

  function limiterFor(rule: RateLimitRule): RateLimiterPostgres {
    const id = `${rule.limit}/${rule.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        keyPrefix: id,
        points: rule.limit,
        // The key names its window; the store's own expiry only clears old rows (kept a window longer).
        duration: Math.ceil((2 * rule.windowMs) / 1000),
        // A key over its limit is refused from memory, without a database round trip.
        inMemoryBlockOnConsumed: rule.limit,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  /** The lease being fetched per key: requests that find none wait for it (decision 199). */
  const fetching = new Map<string, Promise<void>>();

  return {
    async consume(rule) {
      const leaseKey = `${rule.limit}/${rule.windowMs}:${rule.key}`;
      for (let inFlight = fetching.get(leaseKey); inFlight; inFlight = fetching.get(leaseKey)) await inFlight;
      const now = clock.now().getTime();
      const window = Math.floor(now / rule.windowMs);
      const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * rule.windowMs - now) / 1000));
      if (++calls % 1000 === 0) for (const [key, old] of leases) if (old.window < window) leases.delete(key);
      const lease = leases.get(leaseKey);
      if (lease && lease.window === window && lease.points > 0) {
        lease.points -= 1;
        return { ok: true, remaining: lease.points };
      }
      const size = Math.max(1, Math.floor(rule.limit / LEASE_DIVISOR));
      // One lease fetched at a time per key: ten requests at once used to fetch ten leases, each
      // replacing the last, and the points of nine were lost (a busy client refused at a third of
      // its limit). The others wait for this one and spend from it.
      let release = () => {};
      fetching.set(
        leaseKey,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      try {
        let result: RateLimiterRes;
        let granted: number;
        try {
          result = await limiterFor(rule).consume(`${rule.key}@${window}`, size);
          granted = size;
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          result = error;
          // Over the limit now: what the counter still had before this lease (none when the key
          // was refused from memory, which reports nothing consumed).
          granted = result.consumedPoints === 0 ? 0 : Math.min(size, Math.max(0, rule.limit - (result.consumedPoints - size)));
        }
        if (granted === 0) return { ok: false, retryAfterSeconds };
        leases.set(leaseKey, { points: granted - 1, window });
        return { ok: true, remaining: Math.max(0, rule.limit - result.consumedPoints) + granted - 1 };
      } finally {
        fetching.delete(leaseKey);
        release();
      }
    },
  };
}

/** Counts one attempt against `rule`: within the limit, or refused with the seconds until the window ends. */
export function rateLimit(deps: RateLimitDeps, rule: RateLimitRule): Promise<RateLimitResult> {
  return deps.rateLimiter.consume(rule);
}

/** Checks several rules (per IP and per account); the first one over its limit decides. */
export async function rateLimitAll(deps: RateLimitDeps, rules: readonly RateLimitRule[]): Promise<RateLimitResult> {
  let remaining = Number.POSITIVE_INFINITY;
  for (const rule of rules) {
    const result = await rateLimit(deps, rule);
    if (!result.ok) return result;
    remaining = Math.min(remaining, result.remaining);
  }
  return { ok: true, remaining };
}

/** The limits of the product, in one place. */
export const rateLimits = {
  loginPerIp: { limit: 50, windowMs: 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  confirmationMailPerIp: { limit: 10, windowMs: 60 * 60_000 },
  confirmationMailPerAddress: { limit: 3, windowMs: 15 * 60_000 },
  apiPerIp: { limit: 600, windowMs: 60_000 },
  /** A signed-in staff account's calls, counted apart from its address (decision 431): every screen of a busy evening, not a script. */
  apiPerStaffAccount: { limit: 6000, windowMs: 60_000 },
  /** Lookups of a reservation by id and e-mail, so ids cannot be guessed in bulk. */
  cancelLookupPerIp: { limit: 30, windowMs: 60_000 },
  /** Seat holds without a visit of the day screen: a guest never makes them; a script is slowed (decision 050). */
  allocateSeatPerIp: { limit: 60, windowMs: 10 * 60_000 },
  /** Pictures for image options: a few per booking, so a client address uploading more is abusing the store. */
  reservationImagesPerIp: { limit: 60, windowMs: 60 * 60_000 },
  /** Check-ins naming a reservation number (decision 152): a party types it once or twice; guessing is slowed. */
  reservationNumberPerIp: { limit: 10, windowMs: 10 * 60_000 },
  /** Presses on the store's tablet per person and store (decision 612): a day has four; a PIN guessed is locked out. */
  clockPinTries: { limit: 5, windowMs: 15 * 60_000 },
  clockPinTriesPerDay: { limit: 20, windowMs: 24 * 60 * 60_000 },
} as const;
