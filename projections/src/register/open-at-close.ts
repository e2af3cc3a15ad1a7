import { sql, type Kysely } from 'kysely';
import { addDays, tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { OpenAtClose } from '@moncafe/domain/register/figures';
import type { Database } from '../database';

/**
 * What is still open when a business day closes (decision 516): the parties seated that day and
 * not checked out (a party merged into another is its host's), and the day's orders no payment
 * has paid yet (not voided), with their seats and amounts before tax, oldest first.
 */
export async function openAtCloseOf(db: Kysely<Database>, storeId: string, date: string): Promise<OpenAtClose> {
  const from = tokyoInstant(date, 0);
  const to = tokyoInstant(addDays(date, 1), 0);
  const [visits, orders] = await Promise.all([
    sql<{ reservation_id: string; people: number; seated_at: Date; seats: string | null }>`
      select r.id as reservation_id, r.people, r.seated_at,
        (select string_agg(coalesce(s.name, sid.id), '・' order by sid.n) from jsonb_array_elements_text(r.seat_ids) with ordinality as sid(id, n)
          left join seats s on s.id = sid.id) as seats
      from reservations r
      where r.store_id = ${storeId} and r.seated_at >= ${from} and r.seated_at < ${to}
        and r.exited_at is null and r.cancelled_at is null and r.merged_into is null
        and r.status is distinct from 'no_show' and r.status is distinct from 'exited'
      order by r.seated_at, r.id`.execute(db),
    sql<{ order_id: string; reservation_id: string; seat_label: string; subtotal: number; order_time: Date }>`
      select o.id as order_id, o.reservation_id, o.seat_label, o.subtotal, o.order_time
      from orders o
      where o.store_id = ${storeId} and o.order_time >= ${from} and o.order_time < ${to} and o.status <> 'voided'
        and not exists (select 1 from payments p where p.order_ids ? o.id)
      order by o.order_time, o.id`.execute(db),
  ]);
  return {
    visits: visits.rows.map((v) => ({ reservationId: v.reservation_id, people: v.people, seats: v.seats ?? '', seatedAt: v.seated_at.toISOString() })),
    unpaidOrders: orders.rows.map((o) => ({
      orderId: o.order_id,
      reservationId: o.reservation_id,
      seats: o.seat_label,
      subtotal: o.subtotal,
      orderedAt: o.order_time.toISOString(),
    })),
  };
}
