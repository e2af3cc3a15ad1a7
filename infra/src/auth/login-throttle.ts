import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Clock } from '@moncafe/domain/ports';
import { sqlMigration } from '@moncafe/projections/projector';

/**
 * Failed sign-ins, counted per account AND client address (docs/decisions/053): five wrong
 * passwords for one account from one address within 15 minutes lock that pair out, for one
 * minute the first time and twice as long each time after (up to an hour); a successful sign-in
 * is never counted and clears the pair. A stranger hammering the admin's account locks only
 * their own address out of it, never the owner signing in from theirs. Each lockout is returned
 * so the caller logs it. Rows live beside the sessions: bookkeeping, not a read model.
 */
const LOGIN_FAILURES_BEFORE_LOCK = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;
/** Lockouts older than this no longer make the next one longer. */
const LOCKOUT_MEMORY_MS = 24 * 60 * 60_000;

type ThrottleTable = {
  login_throttle: { key: string; failures: number; first_failure_at: Date; locked_until: Date | null; lockouts: number; last_lock_at: Date | null };
};

export const loginThrottleMigrations: Record<string, Migration> = {
  '2026-11-23T00-00-login-throttle': sqlMigration(
    sql`create table if not exists login_throttle (
      key text primary key, failures integer not null, first_failure_at timestamptz not null,
      locked_until timestamptz, lockouts integer default 0 not null, last_lock_at timestamptz
    )`,
  ),
};

export type ThrottleCheck = { locked: false } | { locked: true; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Whether the account is locked for this address right now (counts nothing). */
  check(key: string): Promise<ThrottleCheck>;
  /** Records a wrong password; returns the lockout it caused, if it caused one. */
  failed(key: string): Promise<{ lockedForSeconds: number; lockouts: number } | null>;
  /** A successful sign-in: the pair starts afresh. */
  succeeded(key: string): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function loginThrottle(deps: { db: Kysely<any>; clock: Clock }): LoginThrottle {
  const db = deps.db.withTables<ThrottleTable>() as unknown as Kysely<ThrottleTable>;
  return {
    async check(key) {
      const row = await db.selectFrom('login_throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
      const now = deps.clock.now().getTime();
      const until = row?.locked_until ? new Date(row.locked_until).getTime() : 0;
      return until > now ? { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) } : { locked: false };
    },

    async failed(key) {
      const now = deps.clock.now();
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
        const fresh = !row || now.getTime() - new Date(row.first_failure_at).getTime() > FAILURE_WINDOW_MS;
        const failures = fresh ? 1 : row.failures + 1;
        const rememberedLockouts = row?.last_lock_at && now.getTime() - new Date(row.last_lock_at).getTime() < LOCKOUT_MEMORY_MS ? row.lockouts : 0;
        const locks = failures >= LOGIN_FAILURES_BEFORE_LOCK;
        const lockouts = locks ? rememberedLockouts + 1 : rememberedLockouts;
        const lockMs = Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** (lockouts - 1));
        const values = {
          failures: locks ? 0 : failures,
          first_failure_at: fresh || locks ? now : new Date(row.first_failure_at),
          locked_until: locks ? new Date(now.getTime() + lockMs) : (row?.locked_until ?? null),
          lockouts,
          last_lock_at: locks ? now : (row?.last_lock_at ?? null),
        };
        await trx
          .insertInto('login_throttle')
          .values({ key, ...values })
          .onConflict((oc) => oc.column('key').doUpdateSet(values))
          .execute();
        return locks ? { lockedForSeconds: lockMs / 1000, lockouts } : null;
      });
    },

    async succeeded(key) {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },
  };
}
