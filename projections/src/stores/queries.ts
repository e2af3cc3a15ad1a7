import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

/** The `/api/stores` answer row: `store_id` and `name`, plus what /access needs. */
export type Store = Selectable<Database['stores']>;

/** The open stores in display order; with `closed: true`, the closed ones too (the admin's list, decision 320). */
export async function listStores(db: Kysely<Database>, options: { closed?: boolean } = {}): Promise<Store[]> {
  return db
    .selectFrom('stores')
    .selectAll()
    .$if(!options.closed, (q) => q.where('closed_on', 'is', null))
    .orderBy('display_order')
    .orderBy('store_id')
    .execute();
}

export async function getStore(db: Kysely<Database>, storeId: string): Promise<Store | null> {
  return (await db.selectFrom('stores').selectAll().where('store_id', '=', storeId).executeTakeFirst()) ?? null;
}

/**
 * The store a call means when it names none: the first open store in display order. Null when
 * no store is open.
 */
export async function defaultStore(db: Kysely<Database>): Promise<Store | null> {
  return (await listStores(db))[0] ?? null;
}
