import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { Queries } from '@moncafe/projections/queries';

/**
 * The admin home's "today at a glance" of a store and Tokyo date (decision 123): bookings and
 * covers by hour, who is at a table now, open orders, takings so far, items sold out, and every
 * order of the day with its payment method. Read models only; nothing here writes.
 */
export async function daySummary(queries: Queries, storeId: string, date: string, now: Date) {
  const [reservations, seats, open, sales, soldOut, orders] = await Promise.all([
    queries.reservations.ofDay(storeId, date, now),
    queries.seats.ofStore(storeId),
    queries.orders.ready(storeId),
    // The day's takings as the daily close counts them (decision 515).
    queries.register.dayFigures(storeId, date),
    queries.stock.soldOut(storeId),
    queries.adminDay.orderRows(storeId, date),
  ]);
  const seatName = new Map(seats.map((s) => [s.id, s.name]));
  const live = reservations.filter((r) => r.status !== 'cancelled' && r.cancelled_at === null);

  const hours = new Map<string, { hour: string; bookings: number; covers: number }>();
  for (const r of live) {
    const hour = `${r.reservation_time.slice(0, 2)}:00`;
    const slot = hours.get(hour) ?? { hour, bookings: 0, covers: 0 };
    slot.bookings += 1;
    slot.covers += r.people;
    hours.set(hour, slot);
  }

  const checkedIn = date === tokyoDateOf(now) ? live.filter((r) => r.seated_at !== null && r.exited_at === null && r.status !== 'exited') : [];

  const itemTotals = new Map<string, { menu_id: string; menu_name: string; quantity: number; amount: number }>();
  for (const o of orders) {
    for (const i of o.items) {
      const t = itemTotals.get(i.menu_id) ?? { menu_id: i.menu_id, menu_name: i.menu_name, quantity: 0, amount: 0 };
      t.quantity += i.quantity;
      t.amount += i.quantity * i.price;
      itemTotals.set(i.menu_id, t);
    }
  }

  return {
    date,
    bookings: {
      byHour: [...hours.values()].sort((a, b) => a.hour.localeCompare(b.hour)),
      count: live.length,
      covers: live.reduce((n, r) => n + r.people, 0),
    },
    checkedIn: checkedIn.map((r) => ({
      reservation_id: r.id,
      customer_name: r.customer_name,
      people: r.people,
      seats: r.seat_ids.map((id) => seatName.get(id) ?? id),
      seated_at: r.seated_at?.toISOString() ?? null,
    })),
    openOrders: open.map((o) => ({ id: o.id, seat_label: o.seat_label, order_time: o.order_time.toISOString(), items: o.items })),
    sales: { byMethod: sales.byMethod, total: sales.sales.total, count: sales.sales.count, guests: sales.guests },
    soldOut: soldOut.map((m) => ({ id: m.id, name: m.name, quantity: m.quantity })),
    orders: orders.map((o) => ({
      id: o.id,
      reservation_id: o.reservation_id,
      seat_label: o.seat_label,
      order_time: o.order_time.toISOString(),
      status: o.status,
      items: o.items,
      subtotal: o.subtotal,
      payment_method: o.payment_method,
      payment_methods: o.payment_methods,
    })),
    orderTotals: {
      count: orders.length,
      subtotal: orders.reduce((n, o) => n + o.subtotal, 0),
      items: [...itemTotals.values()].sort((a, b) => b.amount - a.amount || a.menu_id.localeCompare(b.menu_id)),
    },
  };
}
