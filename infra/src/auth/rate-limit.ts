import { sql, type Kysely } from 'kysely';
import type { Clock } from '@moncafe/domain/ports';

export interface RateLimitRule {
  /** What is counted: e.g. `login:account:<hash>` or `api:ip:<address>`. */
  key: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface RateLimitDeps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  clock: Clock;
}

/**
 * Counts one attempt against a fixed window and says whether it is within the limit. The
 * counter lives in PostgreSQL and is bumped by one atomic upsert, so every web process shares
 * it. Time comes from the Clock, so tests move it instead of sleeping.
 */
export async function rateLimit(deps: RateLimitDeps, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = deps.clock.now();
  const windowFloor = new Date(now.getTime() - rule.windowMs);
  const { rows } = await sql<{ count: number; window_start: Date }>`
    insert into rate_limits as r (key, window_start, count) values (${rule.key}, ${now}, 1)
    on conflict (key) do update set
      count = case when r.window_start <= ${windowFloor} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= ${windowFloor} then ${now} else r.window_start end
    returning count, window_start
  `.execute(deps.db);
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  if (row.count <= rule.limit) return { ok: true, remaining: rule.limit - row.count };
  const resetAt = new Date(row.window_start).getTime() + rule.windowMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
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
  /** Lookups of a reservation by id and e-mail, so ids cannot be guessed in bulk. */
  cancelLookupPerIp: { limit: 30, windowMs: 60_000 },
  /** Seat holds without a visit of the day screen: a guest never makes them; a script is slowed (decision 050). */
  allocateSeatPerIp: { limit: 60, windowMs: 10 * 60_000 },
  /** Pictures for image options: a few per booking, so a client address uploading more is abusing the store. */
  reservationImagesPerIp: { limit: 60, windowMs: 60 * 60_000 },
} as const;
