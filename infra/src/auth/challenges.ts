import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '@moncafe/domain/ports';
import { sha256Hex } from '../system';
import { authDb } from './tables';

/**
 * What a browser is in the middle of (decision 540): a sign-in whose password was right and whose
 * second factor is awaited (`mfa`), one that must add a factor before it may go on (`enrol`), or
 * a WebAuthn ceremony's challenge (`passkey`). The browser holds a random id in a cookie; the
 * table holds only its hash, the account and the challenge, for a few minutes.
 */
export type ChallengePurpose = 'mfa' | 'enrol' | 'passkey';

const LIFETIME_MS: Record<ChallengePurpose, number> = { mfa: 5 * 60_000, enrol: 15 * 60_000, passkey: 5 * 60_000 };

export interface OpenChallenge {
  accountId: string | null;
  challenge: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function authChallenges(deps: { db: Kysely<any>; clock: Clock }) {
  const db = authDb(deps.db);
  const find = (id: string, purpose: ChallengePurpose) =>
    db
      .selectFrom('auth_challenges')
      .select(['account_id', 'challenge'])
      .where('id_hash', '=', sha256Hex(id))
      .where('purpose', '=', purpose)
      .where('expires_at', '>', deps.clock.now());
  return {
    /** A new row; the id is for the cookie, never stored. */
    async open(purpose: ChallengePurpose, input: OpenChallenge): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      const now = deps.clock.now();
      // Rows nobody finished are swept on the way, with no timer to run.
      await db.deleteFrom('auth_challenges').where('expires_at', '<=', now).execute();
      await db
        .insertInto('auth_challenges')
        .values({
          id_hash: sha256Hex(id),
          purpose,
          account_id: input.accountId,
          challenge: input.challenge,
          expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]),
        })
        .execute();
      return id;
    },
    async read(id: string | null, purpose: ChallengePurpose): Promise<OpenChallenge | null> {
      if (!id) return null;
      const row = await find(id, purpose).executeTakeFirst();
      return row ? { accountId: row.account_id, challenge: row.challenge } : null;
    },
    /** Reads and removes: a challenge answers once. */
    async take(id: string | null, purpose: ChallengePurpose): Promise<OpenChallenge | null> {
      if (!id) return null;
      const row = await db
        .deleteFrom('auth_challenges')
        .where('id_hash', '=', sha256Hex(id))
        .where('purpose', '=', purpose)
        .where('expires_at', '>', deps.clock.now())
        .returning(['account_id', 'challenge'])
        .executeTakeFirst();
      return row ? { accountId: row.account_id, challenge: row.challenge } : null;
    },
    async end(id: string | null): Promise<void> {
      if (id) await db.deleteFrom('auth_challenges').where('id_hash', '=', sha256Hex(id)).execute();
    },
  };
}

export type AuthChallenges = ReturnType<typeof authChallenges>;
