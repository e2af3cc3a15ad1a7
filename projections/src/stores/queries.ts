import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

/** The `/api/stores` answer row: `store_id` and `name`, plus what /access needs. */
export type Store = Selectable<Database['stores']>;

export async function listStores(db: Kysely<Database>): Promise<Store[]> {
  return db.selectFrom('stores').selectAll().orderBy('display_order').orderBy('store_id').execute();
}

export async function getStore(db: Kysely<Database>, storeId: string): Promise<Store | null> {
  return (await db.selectFrom('stores').selectAll().where('store_id', '=', storeId).executeTakeFirst()) ?? null;
}

/**
 * The store a call means when it names none: the customer site is one cafe's site, so the first
 * store in display order. Null when no store exists yet.
 */
export async function defaultStore(db: Kysely<Database>): Promise<Store | null> {
  return (await db.selectFrom('stores').selectAll().orderBy('display_order').orderBy('store_id').limit(1).executeTakeFirst()) ?? null;
}
