import type { Kysely } from 'kysely';
import { businessDaysOf } from './business-hours/queries';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Database } from './database';
import { listMenuOptions } from './menus/queries';
import { ordersOfDay, paymentsOfDay } from './orders/queries';
import { reservationsByEmail, reservationsOfAccount, reservationsOfDay } from './reservations/queries';
import { listSeats } from './seats/queries';
import { listStoreStaff } from './store-staff/queries';

/**
 * The reads a screen makes of several read models at once, each one named query (createQueries),
 * so a route asks one question and never assembles the answer itself (decision 221).
 */

/**
 * The schedule's day of a store: the day's reservations, the store's seats, the day's business
 * hours, and the options of the courses booked. Null when the store does not exist.
 */
export async function scheduleDay(db: Kysely<Database>, storeId: string, date: string, now: Date) {
  const [reservations, seats, days] = await Promise.all([
    reservationsOfDay(db, storeId, date, now),
    listSeats(db, storeId),
    businessDaysOf(db, { storeId, start: date, end: date }),
  ]);
  if (days === null) return null;
  const menuIds = [...new Set(reservations.flatMap((r) => r.lines.map((l) => l.menuId)))];
  return { reservations, seats, hours: days[date] ?? null, menuOptions: await listMenuOptions(db, menuIds) };
}

/**
 * A signed-in customer's reservations: the ones made signed in to the account and — only once
 * its e-mail is verified (`verifiedEmail`), never before — the ones made as a guest with that
 * e-mail, each once (decision 051).
 */
export async function myReservations(db: Kysely<Database>, who: { accountId: string; verifiedEmail: string | null }, now: Date) {
  const [own, byEmail] = await Promise.all([
    reservationsOfAccount(db, who.accountId, now),
    who.verifiedEmail === null ? Promise.resolve([]) : reservationsByEmail(db, who.verifiedEmail, now),
  ]);
  return [...new Map([...own, ...byEmail].map((r) => [r.id, r])).values()];
}

/**
 * A store's orders placed on a Tokyo date, oldest first, each with how its bill was paid (null and
 * none while unpaid). The bill is the checkout that paid the order, a merged party's host's too;
 * `payment_methods` are its sale receipts' methods, so a split paid two ways names both, as the
 * sales lines do (decision 645).
 */
export async function orderRowsOfDay(db: Kysely<Database>, storeId: string, date: string) {
  const [orders, payments] = await Promise.all([ordersOfDay(db, storeId, date), paymentsOfDay(db, storeId, date)]);
  const paidBy = new Map(payments.flatMap((p) => p.order_ids.map((id) => [id, p] as const)));
  const visits = [...new Set(payments.map((p) => p.reservation_id))];
  const receipts = visits.length
    ? await db.selectFrom('receipts').select(['reservation_id', 'payment_method']).where('kind', '=', 'sale').where('reservation_id', 'in', visits).execute()
    : [];
  const methodsOf = (reservationId: string, method: PaymentMethod) => {
    const recorded = receipts.filter((r) => r.reservation_id === reservationId).map((r) => r.payment_method);
    return [...new Set(recorded.length ? recorded : [method])].sort();
  };
  return orders.map((o) => {
    const payment = paidBy.get(o.id) ?? null;
    return { ...o, payment_method: payment?.method ?? null, payment_methods: payment ? methodsOf(payment.reservation_id, payment.method) : [] };
  });
}

/** A store's staff as the shift screens list them: with their hourly wages (for admins) or without the field at all. */
export async function storeStaffOf(
  db: Kysely<Database>,
  storeId: string,
  options: { wages: boolean },
): Promise<{ id: string; name: string; wage?: number | null }[]> {
  const staff = await listStoreStaff(db, storeId);
  return options.wages ? staff : staff.map((s) => ({ id: s.id, name: s.name }));
}
