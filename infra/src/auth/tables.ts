import type { Kysely } from 'kysely';

/**
 * Infra bookkeeping of the auth layer. These are not read models: they are not rebuilt from
 * events, and they hold nothing a projection could produce (who is signed in right now, how
 * many attempts an IP made this minute).
 */
export type AuthTables = {
  auth_sessions: {
    /** SHA-256 of the session id: a leaked table does not hand out live sessions. */
    id_hash: string;
    account_id: string;
    created_at: Date;
    expires_at: Date;
  };
  rate_limits: {
    key: string;
    window_start: Date;
    count: number;
  };
  oidc_transactions: {
    /** The `state` parameter; one row per started sign-in, removed when it is used. */
    state: string;
    code_verifier: string;
    nonce: string;
    redirect_to: string;
    expires_at: Date;
  };
  /**
   * A sign-in between its password and its second factor, or a WebAuthn ceremony's challenge
   * (decision 540): one row each, found by the SHA-256 of the id its cookie carries, short-lived.
   */
  auth_challenges: {
    id_hash: string;
    purpose: string;
    account_id: string | null;
    challenge: string | null;
    expires_at: Date;
  };
};

/** Any kysely instance (the runtime's is typed with the read models), seen with the auth tables. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function authDb(db: Kysely<any>): Kysely<AuthTables> {
  return db.withTables<AuthTables>() as unknown as Kysely<AuthTables>;
}
