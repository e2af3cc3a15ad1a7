import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Clock } from '@moncafe/domain/ports';
import { sqlMigration } from '@moncafe/projections/projector';

/**
 * Idempotency keys (decision 260): a device that may send a command twice (a
 * lost answer, a reload, a retry) names each user action with a key; the first request with a
 * key claims it, runs, and keeps its answer here; a later request with the same key and the same
 * request gets that answer again and runs nothing. Rows are scoped by who sent them (the edge
 * passes a digest of the credential the request carried), kept for 24 hours and swept after, in
 * the system's database so every process shares them (PGlite for the embedded default).
 *
 * A claim is a lease: a process that dies while running a request leaves its row in flight, and
 * after the lease the same request may claim it again (a request never runs for that long).
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** A process sweeps expired keys at most this often, on a claim. */
const SWEEP_EVERY_MS = 10 * 60_000;

export const idempotencyMigrations: Record<string, Migration> = {
  // `status` (and the kept answer) is null while the first request runs.
  '2026-11-26T11-00-idempotency-keys': sqlMigration(
    sql`create table if not exists idempotency_keys (
      scope text not null, key text not null, fingerprint text not null, status integer, headers text,
      body text, locked_until timestamptz, expires_at timestamptz not null,
      constraint idempotency_keys_pk primary key (scope, key)
    )`,
    sql`create index if not exists idempotency_keys_expiry on idempotency_keys (expires_at)`,
  ),
};

/** A kept answer: what is sent again, as it was sent the first time. */
export interface KeptAnswer {
  status: number;
  /** Header name/value pairs (content type, location, cookies set). */
  headers: [string, string][];
  body: string;
}

export type Claim =
  /** This request holds the key: run it, then `complete` (or `release` when nothing was decided). */
  | { kind: 'run' }
  | { kind: 'replay'; answer: KeptAnswer }
  /** The key was used for another request. */
  | { kind: 'conflict' }
  /** The first request with this key is still running. */
  | { kind: 'in_flight' };

export interface IdempotencyKeys {
  claim(scope: string, key: string, fingerprint: string): Promise<Claim>;
  complete(scope: string, key: string, fingerprint: string, answer: KeptAnswer): Promise<void>;
  release(scope: string, key: string, fingerprint: string): Promise<void>;
  /** Deletes every key past its 24 hours; returns how many. */
  sweep(): Promise<number>;
}

type KeyRow = { fingerprint: string; status: number | null; headers: string | null; body: string | null; expires_at: Date | string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function idempotencyKeys(deps: { db: Kysely<any>; clock: Clock }): IdempotencyKeys {
  const { db, clock } = deps;
  let lastSweep = 0;

  const sweep = async () => {
    const result = await sql`DELETE FROM idempotency_keys WHERE expires_at <= ${clock.now()}`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  };

  return {
    async claim(scope, key, fingerprint) {
      const now = clock.now();
      if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now.getTime();
        await sweep();
      }
      const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
      // Claimed when new, when expired, or when the same request's lease ran out (its process died).
      const claimed = await sql<{ key: string }>`
        INSERT INTO idempotency_keys (scope, key, fingerprint, status, headers, body, locked_until, expires_at)
        VALUES (${scope}, ${key}, ${fingerprint}, NULL, NULL, NULL, ${lockedUntil}, ${expiresAt})
        ON CONFLICT (scope, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL,
          locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at <= ${now}
          OR (idempotency_keys.status IS NULL AND idempotency_keys.locked_until <= ${now} AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
        RETURNING key`.execute(db);
      if (claimed.rows.length > 0) return { kind: 'run' };
      const found = await sql<KeyRow>`
        SELECT fingerprint, status, headers, body, expires_at FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`.execute(db);
      const row = found.rows[0];
      // Swept between the two statements: the caller asks again.
      if (!row) return { kind: 'in_flight' };
      if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
      if (row.status === null) return { kind: 'in_flight' };
      return { kind: 'replay', answer: { status: row.status, headers: JSON.parse(row.headers ?? '[]') as [string, string][], body: row.body ?? '' } };
    },

    async complete(scope, key, fingerprint, answer) {
      await sql`
        UPDATE idempotency_keys SET status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}, body = ${answer.body}, locked_until = NULL
        WHERE scope = ${scope} AND key = ${key} AND fingerprint = ${fingerprint}`.execute(db);
    },

    async release(scope, key, fingerprint) {
      await sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND fingerprint = ${fingerprint} AND status IS NULL`.execute(db);
    },

    sweep,
  };
}

/** What running a request with a key comes to. */
export type KeyedOutcome<R> = { kind: 'ran'; result: R } | { kind: 'replay'; answer: KeptAnswer } | { kind: 'conflict' } | { kind: 'in_flight' };

/** How long a request waits for the first one with its key before answering "in flight" (longer than read-your-writes' 5 s). */
export const IN_FLIGHT_WAIT_MS = 10_000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * Runs `run` once per (scope, key): the first request runs it and keeps what `keep` makes of its
 * result (null: nothing kept, the key is released, e.g. a 5xx or 429 where nothing was decided);
 * the same request again gets the kept answer; another request with the key is a conflict. A
 * request that finds the first still running waits for it (up to IN_FLIGHT_WAIT_MS, polling the
 * shared table, since the first may run in another process), then answers `in_flight`.
 */
export async function runOnce<R>(
  keys: IdempotencyKeys,
  request: { scope: string; key: string; fingerprint: string },
  run: () => Promise<R>,
  keep: (result: R) => Promise<KeptAnswer | null>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<KeyedOutcome<R>> {
  const { scope, key, fingerprint } = request;
  const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const claim = await keys.claim(scope, key, fingerprint);
    if (claim.kind === 'replay' || claim.kind === 'conflict') return claim;
    if (claim.kind === 'in_flight') {
      if (Date.now() >= giveUpAt) return claim;
      await wait(IN_FLIGHT_POLL_MS);
      continue;
    }
    let result: R;
    try {
      result = await run();
    } catch (error) {
      await keys.release(scope, key, fingerprint).catch(() => {});
      throw error;
    }
    const kept = await keep(result);
    if (kept) await keys.complete(scope, key, fingerprint, kept);
    else await keys.release(scope, key, fingerprint);
    return { kind: 'ran', result };
  }
}
