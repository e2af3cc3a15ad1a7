import { sql, type Kysely, type Selectable } from 'kysely';
import { tokyoInstant, addDays } from '@moncafe/domain/calendar/dates';
import type { Database } from '../database';

/**
 * The spec's order answer (operations.md §3: id, seat_label, seat_id, order_time, updated_at,
 * items menu_name, quantity, price) plus its status, reservation and subtotal.
 */
export type OrderRow = Selectable<Database['orders']>;

/** The kitchen's list: a store's orders waiting to be made, oldest first (also "open orders" for the admin home). */
export async function readyOrders(db: Kysely<Database>, storeId: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('store_id', '=', storeId).where('status', '=', 'ready').orderBy('order_time').orderBy('id').execute();
}

/** The store an order was placed at (decision 400: the store a kitchen call acts at); null for no such order. */
export async function orderStoreOf(db: Kysely<Database>, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('store_id').where('id', '=', orderId).executeTakeFirst();
  return row?.store_id ?? null;
}

/** The kitchen's history: orders of a store completed on a Tokyo date, newest first. */
export async function completedOrders(db: Kysely<Database>, storeId: string, date: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('status', '=', 'complete')
    .where('completed_at', '>=', tokyoInstant(date, 0))
    .where('completed_at', '<', tokyoInstant(addDays(date, 1), 0))
    .orderBy('completed_at', 'desc')
    .orderBy('id')
    .execute();
}

/** A reservation's orders in the order they were placed (checkout, by-reservation). */
export async function ordersOfReservation(db: Kysely<Database>, reservationId: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('reservation_id', '=', reservationId).orderBy('order_time').orderBy('id').execute();
}

/** How many orders of a store wait in the kitchen (admin home). */
export async function countOpenOrders(db: Kysely<Database>, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`count(*)`.as('n'))
    .where('store_id', '=', storeId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// --- Admin home and orders by day (decision 123) ------------------------------------

/** A store's orders placed on a Tokyo date, in the order they came (admin home, CSV export, cost management). */
export async function ordersOfDay(db: Kysely<Database>, storeId: string, date: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('order_time', '>=', tokyoInstant(date, 0))
    .where('order_time', '<', tokyoInstant(addDays(date, 1), 0))
    .orderBy('order_time')
    .orderBy('id')
    .execute();
}

/** The payments a store took on a Tokyo date, one per reservation (the CSV's payment method column). */
export async function paymentsOfDay(db: Kysely<Database>, storeId: string, date: string) {
  return db.selectFrom('payments').selectAll().where('store_id', '=', storeId).where('business_date', '=', date).orderBy('paid_at').execute();
}
