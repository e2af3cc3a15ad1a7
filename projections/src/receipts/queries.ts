import type { Kysely } from 'kysely';
import type { Database } from '../database';

/** Which store's receipt book holds a receipt (the billing service's port). */
export async function receiptStoreOf(db: Kysely<Database>, receiptId: string): Promise<string | null> {
  const row = await db.selectFrom('receipts').select('store_id').where('id', '=', receiptId).executeTakeFirst();
  return row?.store_id ?? null;
}

/** A visit's receipts, in number order (the thank-you and staff screens). */
export async function receiptsOfVisit(db: Kysely<Database>, reservationId: string) {
  return db.selectFrom('receipts').selectAll().where('reservation_id', '=', reservationId).orderBy('number').execute();
}

/** A store's receipts of a Tokyo business day, in number order. */
export async function receiptsOfDay(db: Kysely<Database>, storeId: string, date: string) {
  return db.selectFrom('receipts').selectAll().where('store_id', '=', storeId).where('business_date', '=', date).orderBy('number').execute();
}
