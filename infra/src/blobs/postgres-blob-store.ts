import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { DomainError } from '@moncafe/domain/decider';
import type { BlobErrorCode, BlobInfo, BlobStore, Clock } from '@moncafe/domain/ports';
import { sha256Hex } from '../system';
import { imageInfoOf } from './media-type';
import { sqlMigration } from '@moncafe/projections/projector';

/**
 * The blob store in the system's PostgreSQL (a server or the embedded PGlite): one row per
 * distinct content, keyed by its SHA-256, and one row per owner. Bookkeeping beside the read
 * models, never rebuilt from events: events hold the ids (docs/decisions/032-blob-store.md).
 */

/** Pictures are cropped to 400×400 by the page; 2 MiB leaves room for a JPEG or WebP photo. */
export const DEFAULT_MAX_BLOB_BYTES = 2 * 1024 * 1024;

interface BlobTables {
  blobs: { id: string; media_type: string; size: number; bytes: Uint8Array; created_at: Date };
  blob_owners: { blob_id: string; kind: string; owner: string; created_at: Date };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const blobMigrations: Record<string, Migration> = {
  '2026-12-20T00-00-blobs': sqlMigration(
    sql`create table if not exists blobs (
      id text primary key, media_type text not null, size integer not null, bytes bytea not null,
      created_at timestamptz default now() not null
    )`,
    sql`create table if not exists blob_owners (
      blob_id text not null references blobs (id) on delete cascade, kind text not null, owner text not null,
      created_at timestamptz default now() not null,
      constraint blob_owners_pkey primary key (blob_id, kind, owner)
    )`,
  ),
};

const refuse = (code: BlobErrorCode, details: Record<string, unknown> = {}) => new DomainError<BlobErrorCode>(code, code, details);

export function postgresBlobStore(deps: { db: AnyDb; clock: Clock }, options: { maxBytes?: number } = {}): BlobStore {
  const db = deps.db as Kysely<BlobTables>;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BLOB_BYTES;

  async function addOwner(id: string, kind: string, owner: string) {
    await db
      .insertInto('blob_owners')
      .values({ blob_id: id, kind, owner, created_at: deps.clock.now() })
      .onConflict((oc) => oc.columns(['blob_id', 'kind', 'owner']).doNothing())
      .execute();
  }

  return {
    async put({ bytes, kind, owner }): Promise<BlobInfo> {
      if (bytes.length > maxBytes) throw refuse('blob_too_large', { maxBytes });
      const image = imageInfoOf(bytes);
      if (!image) throw refuse('blob_type_refused');
      const { mediaType } = image;
      const id = sha256Hex(bytes);
      await db
        .insertInto('blobs')
        .values({ id, media_type: mediaType, size: bytes.length, bytes, created_at: deps.clock.now() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await addOwner(id, kind, owner);
      return { id, mediaType, size: bytes.length };
    },
    async addOwner(id, kind, owner) {
      const exists = await db.selectFrom('blobs').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) return false;
      await addOwner(id, kind, owner);
      return true;
    },
    async owners(id, kind) {
      const rows = await db.selectFrom('blob_owners').select('owner').where('blob_id', '=', id).where('kind', '=', kind).orderBy('created_at').execute();
      return rows.map((r) => r.owner);
    },
    async read(id) {
      const row = await db.selectFrom('blobs').select(['id', 'media_type', 'size', 'bytes']).where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return { id: row.id, mediaType: row.media_type as BlobInfo['mediaType'], size: row.size, bytes: new Uint8Array(row.bytes) };
    },
    async remove(ids) {
      // Owners go with the blob (on delete cascade).
      if (ids.length > 0)
        await db
          .deleteFrom('blobs')
          .where('id', 'in', [...ids])
          .execute();
    },
  };
}
