import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '@moncafe/domain/ports';
import { sha256Hex } from '../system';
import { authDb } from './tables';

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionOptions {
  /**
   * Signs the cookie; required (at least 32 characters) in production. Several, newest first
   * (SESSION_SECRET's list, decision 178): new cookies are signed with the first, cookies signed
   * with any of them are accepted, so a rotation signs nobody out.
   */
  secret: string | readonly string[];
  /** Production cookies are `Secure` and carry the `__Host-` prefix (no Domain, Path=/). */
  production: boolean;
  /** `Secure` outside production too (the public address is https: a TLS proxy in front). */
  secure?: boolean;
  ttlMs?: number;
}

export interface Session {
  accountId: string;
  expiresAt: Date;
}

export function sessionCookieName(production: boolean): string {
  return production ? '__Host-moncafe_session' : 'moncafe_session';
}

/** The session id is never stored: only its hash, so reading the table does not let anyone in. */
const hashId = sha256Hex;

function sign(secret: string, id: string): string {
  return createHmac('sha256', secret).update(id).digest('base64url');
}

/** Reads one cookie from a Cookie header without a parser dependency. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function createSessionStore(deps: { db: Kysely<any>; clock: Clock }, options: SessionOptions) {
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  if (secrets.length === 0 || (options.production && secrets.some((s) => s.length < 32)))
    throw new Error('SESSION_SECRET (at least 32 characters) is required in production');
  const db = authDb(deps.db);
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const name = sessionCookieName(options.production);
  const attributes = `Path=/; HttpOnly; SameSite=Lax${options.production || options.secure ? '; Secure' : ''}`;

  /** The id inside a correctly signed cookie, or null. */
  function idFrom(cookieHeader: string | null | undefined): string | null {
    const value = readCookie(cookieHeader, name);
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    let valid = false;
    for (const secret of secrets) {
      const expected = Buffer.from(sign(secret, id));
      if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
    }
    return valid ? id : null;
  }

  return {
    cookieName: name,

    /** Starts a session with a fresh random id (never one the browser brought). Returns the Set-Cookie value. */
    async create(accountId: string): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await db
        .insertInto('auth_sessions')
        .values({ id_hash: hashId(id), account_id: accountId, created_at: now, expires_at: expiresAt })
        .execute();
      return `${name}=${id}.${sign(secrets[0]!, id)}; ${attributes}; Max-Age=${Math.floor(ttlMs / 1000)}`;
    },

    async read(cookieHeader: string | null | undefined): Promise<Session | null> {
      const id = idFrom(cookieHeader);
      if (!id) return null;
      const row = await db
        .selectFrom('auth_sessions')
        .select(['account_id', 'expires_at'])
        .where('id_hash', '=', hashId(id))
        .where('expires_at', '>', deps.clock.now())
        .executeTakeFirst();
      return row ? { accountId: row.account_id, expiresAt: new Date(row.expires_at) } : null;
    },

    /** Ends the session on the server and returns the Set-Cookie value that clears it in the browser. */
    async destroy(cookieHeader: string | null | undefined): Promise<string> {
      const id = idFrom(cookieHeader);
      if (id) await db.deleteFrom('auth_sessions').where('id_hash', '=', hashId(id)).execute();
      return this.clearCookie();
    },

    clearCookie(): string {
      return `${name}=; ${attributes}; Max-Age=0`;
    },

    /** Signs every device of an account out (after a password change or a revoked role). */
    async destroyAllOf(accountId: string): Promise<void> {
      await db.deleteFrom('auth_sessions').where('account_id', '=', accountId).execute();
    },

    async purgeExpired(): Promise<void> {
      await db.deleteFrom('auth_sessions').where('expires_at', '<=', deps.clock.now()).execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
