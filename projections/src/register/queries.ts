import type { Kysely } from 'kysely';
import type { Database } from '../database';

/** A store's closes, newest first (the daily close screen's list). */
export async function closesOf(db: Kysely<Database>, storeId: string, limit = 31) {
  return db.selectFrom('daily_closes').selectAll().where('store_id', '=', storeId).orderBy('business_date', 'desc').limit(limit).execute();
}

/** The close of one business day, or undefined while it is open. */
export async function closeOf(db: Kysely<Database>, storeId: string, date: string) {
  return db.selectFrom('daily_closes').selectAll().where('store_id', '=', storeId).where('business_date', '=', date).executeTakeFirst();
}

/** The corrections of one closed day, oldest first. */
export async function correctionsOf(db: Kysely<Database>, storeId: string, date: string) {
  return db.selectFrom('register_corrections').selectAll().where('store_id', '=', storeId).where('business_date', '=', date).orderBy('corrected_at').execute();
}
