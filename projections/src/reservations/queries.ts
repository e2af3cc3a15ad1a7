import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Database } from '../database';

export type ReservationRow = Selectable<Database['reservations']>;

/**
 * A request whose confirmation link lapsed unconfirmed never became a reservation: its seat hold
 * ended with the link (decision 024). Pure: the caller passes its clock's `now`.
 */
export function confirmationLapsed(row: Pick<ReservationRow, 'email_confirm_status' | 'confirm_expires_at'>, now: Date): boolean {
  return row.email_confirm_status === '0' && row.confirm_expires_at.getTime() <= now.getTime();
}

/** Confirmed, a walk-in (no link to lapse), or still within its confirmation link's time: the rows that hold (or held) seats. */
const notLapsed = (now: Date) => (eb: ExpressionBuilder<Database, 'reservations'>) =>
  eb.or([eb('email_confirm_status', '=', '1'), eb('email_confirm_status', 'is', null), eb('confirm_expires_at', '>', now)]);

/** A signed-in customer's reservations, newest date first (the screen splits upcoming and past); lapsed requests left out. */
export async function reservationsOfAccount(db: Kysely<Database>, accountId: string, now: Date): Promise<ReservationRow[]> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where(notLapsed(now))
    .orderBy('reservation_date', 'desc')
    .orderBy('reservation_time', 'desc')
    .execute();
}

/** Reservations made with an e-mail address (guests who signed up later see their bookings too); lapsed requests left out. */
export async function reservationsByEmail(db: Kysely<Database>, email: string, now: Date): Promise<ReservationRow[]> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where(notLapsed(now))
    .orderBy('reservation_date', 'desc')
    .orderBy('reservation_time', 'desc')
    .execute();
}

/**
 * Every reservation made with an e-mail address, lapsed requests included (decisions 180–186: forgetting a
 * guest reaches all of them); `open` when it may still be cancelled (neither cancelled nor checked out).
 */
export async function guestReservations(db: Kysely<Database>, email: string, now: Date): Promise<{ id: string; date: string; open: boolean }[]> {
  const rows = await db
    .selectFrom('reservations')
    .select(['id', 'reservation_date', 'status', 'exited_at', 'email_confirm_status', 'confirm_expires_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    date: r.reservation_date,
    open: r.status !== 'cancelled' && r.status !== 'exited' && r.exited_at === null && !confirmationLapsed(r, now),
  }));
}

/**
 * Guests who made no account (by e-mail, forgotten ones left out) whose last reservation day is
 * before `cutoff`: the retention run's candidates (decision 185).
 */
export async function guestsLastSeenBefore(db: Kysely<Database>, cutoff: string, erased: string): Promise<{ email: string; lastVisit: string }[]> {
  const rows = await db
    .selectFrom('reservations')
    .select((eb) => [eb.fn<string>('lower', ['email']).as('email'), eb.fn.max('reservation_date').as('last_visit')])
    .where('email', '<>', '')
    .where('email', '<>', erased)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('accounts')
            .select('accounts.account_id')
            .where((a) => a(a.fn('lower', ['accounts.email']), '=', a.fn('lower', ['reservations.email']))),
        ),
      ),
    )
    .groupBy((eb) => eb.fn('lower', ['email']))
    .having((eb) => eb.fn.max('reservation_date'), '<', cutoff)
    .orderBy('email')
    .execute();
  return rows.map((r) => ({ email: r.email, lastVisit: String(r.last_visit) }));
}

/** One reservation whatever its state (the confirm and cancel pages tell an expired link themselves). */
export async function getReservation(db: Kysely<Database>, id: string): Promise<ReservationRow | null> {
  return (await db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * The party a reservation sits with now (decision 370): its own row, or for a party merged into
 * another the host's, whose seats and people are the joined party's; its seats' names in the
 * order of its seats. Null for no such reservation.
 */
export async function partyOfReservation(db: Kysely<Database>, id: string): Promise<{ reservationId: string; seatNames: string[]; people: number } | null> {
  const own = await getReservation(db, id);
  if (!own) return null;
  const party = (own.merged_into ? await getReservation(db, own.merged_into) : null) ?? own;
  const seatIds: string[] = party.seat_ids;
  const seats = seatIds.length === 0 ? [] : await db.selectFrom('seats').select(['id', 'name']).where('id', 'in', seatIds).execute();
  const nameOf = new Map(seats.map((s) => [s.id, s.name]));
  return { reservationId: party.id, seatNames: seatIds.map((seatId) => nameOf.get(seatId) ?? seatId), people: party.people };
}

/**
 * A store's reservations of a day (the admin schedule shows status '0' and '1'): a request whose
 * confirmation link lapsed holds no seats, so it is left out as of `now`.
 */
export async function reservationsOfDay(db: Kysely<Database>, storeId: string, date: string, now: Date): Promise<ReservationRow[]> {
  return (
    db
      .selectFrom('reservations')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('reservation_date', '=', date)
      .where(notLapsed(now))
      // A party merged into another is on that one's row (decision 370).
      .where('merged_into', 'is', null)
      .orderBy('reservation_time')
      .execute()
  );
}

/**
 * The web bookings of a store's day that the read model holds as confirmed and not cancelled: the
 * candidates for the guests' reminder mails (decision 290), each checked again against its events.
 */
export async function confirmedBookingIdsOn(db: Kysely<Database>, storeId: string, date: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reservations')
    .select('id')
    .where('store_id', '=', storeId)
    .where('reservation_date', '=', date)
    .where('origin', '=', 'web')
    .where('email_confirm_status', '=', '1')
    .where('cancelled_at', 'is', null)
    .orderBy('reservation_time')
    .execute();
  return rows.map((r) => r.id);
}

// --- Seats editor and admin home (decisions 120–123) ----------------------------------------

/**
 * The bookings that still hold a seat as of `now`: on today (Tokyo) or later, not cancelled, not
 * left, not a lapsed request. The seats editor refuses to remove a seat while there are any.
 */
export async function futureReservationsOnSeat(db: Kysely<Database>, seatId: string, now: Date) {
  return db
    .selectFrom('reservations')
    .select(['id', 'reservation_date', 'reservation_time', 'customer_name', 'people'])
    .where(sql<boolean>`seat_ids @> ${JSON.stringify([seatId])}::jsonb`)
    .where('reservation_date', '>=', tokyoDateOf(now))
    .where('cancelled_at', 'is', null)
    .where('exited_at', 'is', null)
    .where((eb) => eb.or([eb('status', 'is', null), eb('status', 'not in', ['cancelled', 'exited', 'no_show'])]))
    .where(notLapsed(now))
    .orderBy('reservation_date')
    .orderBy('reservation_time')
    .execute();
}

/**
 * The day's booked courses against what was billed for them at checkout (decision 633), per
 * reservation, for the daily close: staff's count changes and removals show as a difference.
 */
export async function courseReconciliationOn(db: Kysely<Database>, storeId: string, date: string) {
  return db
    .selectFrom('reservations')
    .select(['id', 'reservation_number', 'reservation_time', 'course_booked', 'course_billed'])
    .where('store_id', '=', storeId)
    .where('reservation_date', '=', date)
    .where('course_booked', 'is not', null)
    .orderBy('reservation_time')
    .orderBy('id')
    .execute();
}
