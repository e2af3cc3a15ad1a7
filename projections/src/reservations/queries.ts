import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database';

export type ReservationRow = Selectable<Database['reservations']>;

/** A signed-in customer's reservations, newest date first (the screen splits upcoming and past). */
export async function reservationsOfAccount(db: Kysely<Database>, accountId: string): Promise<ReservationRow[]> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('reservation_date', 'desc')
    .orderBy('reservation_time', 'desc')
    .execute();
}

/** Reservations made with an e-mail address (guests who signed up later see their bookings too). */
export async function reservationsByEmail(db: Kysely<Database>, email: string): Promise<ReservationRow[]> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .orderBy('reservation_date', 'desc')
    .orderBy('reservation_time', 'desc')
    .execute();
}

export async function getReservation(db: Kysely<Database>, id: string): Promise<ReservationRow | null> {
  return (await db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** A store's reservations of a day (the admin schedule). */
export async function reservationsOfDay(db: Kysely<Database>, storeId: string, date: string): Promise<ReservationRow[]> {
  return db.selectFrom('reservations').selectAll().where('store_id', '=', storeId).where('reservation_date', '=', date).orderBy('reservation_time').execute();
}
