import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { PersonalKeys } from '@moncafe/domain/privacy/personal-data';
import type { SecretBox } from '@moncafe/domain/purchasing/supplier-service';
import { RecentlyUsed } from '@moncafe/domain/recently-used';
import { secretBox } from '../secrets/secret-box';
import { sqlMigration } from '@moncafe/projections/projector';

/**
 * Each person's data key, kept outside the log (decision 180): one row per subject (the stream
 * whose personal fields it seals: `reservation-{id}`, `account-{id}`), the key itself sealed by
 * `SECRETS_KEY` (envelope encryption with decision 083's secret box). Forgetting a subject
 * clears its key and keeps the row, so the key can never be made again and reads know it is
 * gone. Bookkeeping beside the read models in the system's own database (PostgreSQL or PGlite),
 * never rebuilt from events — and never exported with them.
 */
interface KeyTables {
  personal_keys: { subject: string; sealed_key: string | null; created_at: Date; erased_at: Date | null };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const personalKeyMigrations: Record<string, Migration> = {
  // One-time steps of this module that ran (seal-existing.ts), so a start does them once.
  '2027-02-01T00-00-personal-keys': sqlMigration(
    sql`create table if not exists personal_keys (
      subject text primary key, sealed_key text, created_at timestamptz default now() not null,
      erased_at timestamptz
    )`,
    sql`create table if not exists privacy_steps (
      name text primary key, done_at timestamptz not null, count integer not null
    )`,
  ),
};

/** A subject's key: the box that seals its fields, or `erased`. */
export type DataKey = SecretBox | 'erased';

/** A key as the event log export carries it: still sealed by SECRETS_KEY, null once erased. */
export interface ExportedKey {
  subject: string;
  sealedKey: string | null;
  erasedAt: string | null;
}

export interface PersonalKeyStore extends PersonalKeys {
  /** Every key row, sealed as stored (the export's last lines, decision 184). */
  exportRows(): AsyncGenerator<ExportedKey>;
  /** Puts exported rows into an empty key table (an import); an erased key stays erased. */
  restore(rows: readonly ExportedKey[]): Promise<void>;
  /** The keys of these subjects that exist (erased ones as `erased`); subjects without a key are absent. */
  find(subjects: readonly string[]): Promise<Map<string, DataKey>>;
  /** The subject's key, made now when it has none (two processes making one at once get the same). */
  obtain(subject: string): Promise<DataKey>;
  /**
   * `secrets:reseal` after a SECRETS_KEY rotation: every key still sealed with an older
   * SECRETS_KEY is sealed again with the newest (the key itself, and so every sealed field, stays).
   */
  resealAll(): Promise<{ resealed: number; current: number }>;
}

/** How long a process trusts a key it has read: another process's erasure is seen after at most this. */
const KEY_CACHE_MS = 30_000;

/**
 * The keys a process keeps opened, the least recently used dropped first (decision 481). A
 * rebuild or a relay meets a guest's events together, and a page a few hundred guests at once:
 * a log of 5,000,000 events (1.25 million guests) needs no more than a day of a web process does.
 */
const MAX_CACHED_KEYS = 4_096;

export function personalKeyStore(deps: { db: AnyDb; secrets: SecretBox; now?: () => number; maxCachedKeys?: number }): PersonalKeyStore {
  const db = deps.db as Kysely<KeyTables>;
  const now = deps.now ?? Date.now;
  const cache = new RecentlyUsed<string, { key: DataKey; at: number }>(deps.maxCachedKeys ?? MAX_CACHED_KEYS);

  const toKey = (sealed: string | null): DataKey => (sealed === null ? 'erased' : secretBox(deps.secrets.open(sealed)));
  const readable = (sealed: string | null): DataKey | null => {
    try {
      return toKey(sealed);
    } catch {
      return null;
    }
  };
  const remember = (subject: string, key: DataKey) => {
    cache.set(subject, { key, at: now() });
    return key;
  };

  async function find(subjects: readonly string[]) {
    const found = new Map<string, DataKey>();
    const missing: string[] = [];
    for (const subject of new Set(subjects)) {
      const cached = cache.get(subject);
      // An erased key never comes back, so only a live one is read again.
      if (cached && (cached.key === 'erased' || now() - cached.at < KEY_CACHE_MS)) found.set(subject, cached.key);
      else missing.push(subject);
    }
    if (missing.length > 0) {
      const rows = await db.selectFrom('personal_keys').select(['subject', 'sealed_key']).where('subject', 'in', missing).execute();
      for (const row of rows) {
        const key = readable(row.sealed_key);
        // A key sealed under another SECRETS_KEY (an import without it) opens nothing: absent.
        if (key) found.set(row.subject, remember(row.subject, key));
      }
    }
    return found;
  }

  return {
    find,
    async obtain(subject) {
      const cached = cache.get(subject);
      if (cached && (cached.key === 'erased' || now() - cached.at < KEY_CACHE_MS)) return cached.key;
      // One round trip for a guest's first booking and for a key made before (every new
      // reservation appends through here): the key made now, or the one the subject has —
      // erased too. The table's half reads the snapshot before the insert, so one row answers.
      const sealed = deps.secrets.seal(randomBytes(32).toString('base64url'));
      const { rows } = await sql<{ sealed_key: string | null }>`
        with made as (
          insert into personal_keys (subject, sealed_key, created_at, erased_at) values (${subject}, ${sealed}, ${new Date(now())}, null)
          on conflict (subject) do nothing
          returning sealed_key)
        select sealed_key from made union all select sealed_key from personal_keys where subject = ${subject}`.execute(db);
      // None: another process made it at the same moment, after this statement's snapshot.
      const row = rows[0] ?? (await db.selectFrom('personal_keys').select('sealed_key').where('subject', '=', subject).executeTakeFirstOrThrow());
      return remember(subject, toKey(row.sealed_key));
    },
    async erase(subjects) {
      if (subjects.length === 0) return;
      const at = new Date(now());
      // A row with no key, even for a subject that never had one: a later append cannot make one.
      await db
        .insertInto('personal_keys')
        .values(subjects.map((subject) => ({ subject, sealed_key: null, created_at: at, erased_at: at })))
        .onConflict((oc) => oc.column('subject').doUpdateSet({ sealed_key: null, erased_at: sql`coalesce(personal_keys.erased_at, excluded.erased_at)` }))
        .execute();
      for (const subject of subjects) remember(subject, 'erased');
    },
    async *exportRows() {
      let after = '';
      for (;;) {
        const rows = await db.selectFrom('personal_keys').selectAll().where('subject', '>', after).orderBy('subject').limit(1000).execute();
        for (const r of rows) yield { subject: r.subject, sealedKey: r.sealed_key, erasedAt: r.erased_at ? new Date(r.erased_at).toISOString() : null };
        if (rows.length < 1000) return;
        after = rows.at(-1)!.subject;
      }
    },
    async restore(rows) {
      for (let i = 0; i < rows.length; i += 500) {
        const values = rows.slice(i, i + 500).map((r) => ({
          subject: r.subject,
          sealed_key: r.sealedKey,
          created_at: new Date(now()),
          erased_at: r.erasedAt ? new Date(r.erasedAt) : null,
        }));
        await db
          .insertInto('personal_keys')
          .values(values)
          .onConflict((oc) => oc.column('subject').doNothing())
          .execute();
      }
      cache.clear();
    },
    async isErased(subject) {
      return (await find([subject])).get(subject) === 'erased';
    },
    async resealAll() {
      let resealed = 0;
      let current = 0;
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('personal_keys')
          .select(['subject', 'sealed_key'])
          .where('subject', '>', after)
          .where('sealed_key', 'is not', null)
          .orderBy('subject')
          .limit(1000)
          .execute();
        for (const row of rows) {
          const sealed = row.sealed_key!;
          if (deps.secrets.sealedWithNewest(sealed)) {
            current += 1;
            continue;
          }
          // Only the row still holding what was read is changed: a key erased meanwhile stays erased.
          await db
            .updateTable('personal_keys')
            .set({ sealed_key: deps.secrets.seal(deps.secrets.open(sealed)) })
            .where('subject', '=', row.subject)
            .where('sealed_key', '=', sealed)
            .execute();
          resealed += 1;
        }
        if (rows.length < 1000) break;
        after = rows.at(-1)!.subject;
      }
      cache.clear();
      return { resealed, current };
    },
  };
}
