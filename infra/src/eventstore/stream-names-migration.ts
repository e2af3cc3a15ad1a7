import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Decision 030: stream names are `{category}-{part}~{part}`, with `~` (which no id may contain)
 * between the parts, so every name splits back into its parts. This renames the streams an
 * `events` table already holds; positions, revisions and event ids stay, so checkpoints and
 * read models are untouched. (KurrentDB streams cannot be renamed: see the decision.)
 *
 *   catalog-{kind}-{id}          → catalog-{kind}~{id}          (kind and id from the event)
 *   seating-{store}-{YYYY-MM-DD} → seating-{store}~{YYYY-MM-DD}
 *   account-email-{sha256}       → accountclaim-email~{sha256}
 *   account-oidc-{sha256}        → accountclaim-oidc~{sha256}
 */
export const streamNameMigrations: Record<string, Migration> = {
  '2026-12-20T00-00-stream-names': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await sql`
        update events set stream_id = 'catalog-' || (data ->> 'kind') || '~' || (data ->> 'id')
         where stream_id like 'catalog-%' and stream_id not like '%~%'
           and stream_id = 'catalog-' || (data ->> 'kind') || '-' || (data ->> 'id')`.execute(db);
      await sql`
        update events set stream_id = regexp_replace(stream_id, '^seating-(.+)-([0-9]{4}-[0-9]{2}-[0-9]{2})$', 'seating-\\1~\\2')
         where stream_id ~ '^seating-.+-[0-9]{4}-[0-9]{2}-[0-9]{2}$'`.execute(db);
      await sql`
        update events set stream_id = regexp_replace(stream_id, '^account-(email|oidc)-([0-9a-f]{64})$', 'accountclaim-\\1~\\2')
         where stream_id ~ '^account-(email|oidc)-[0-9a-f]{64}$'`.execute(db);
    },
  },
};
