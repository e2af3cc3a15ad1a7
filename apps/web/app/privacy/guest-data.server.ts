import { z } from 'zod';
import { text } from '#app/http/text-schema';
import type { WebApp } from '#app/context';
import { phoneSchema } from '#app/reservation/call-schemas';
import { NAME_MAX } from '#app/routes/api/reservation-confirmation/send-confirmation/route';
import { reservationTexts } from '#app/reservation/texts';

/** A correction: the same rules as the booking form's name and phone. */
export const correctionSchema = z.object({ name: text({ max: NAME_MAX, min: 1, required: reservationTexts.nameRequired }), phone: phoneSchema });

/**
 * Everything the cafe holds on the guest of `email` (decision 186): their reservations as
 * the read models hold them, each with its table orders, and the account when they have one.
 * Mails are not kept (SMTP sends them on); the development outbox is not a production store.
 */
export async function guestData(
  app: Pick<WebApp, 'queries' | 'runtime'>,
  email: string,
  account: { id: string; name: string; email: string; emailVerified: boolean } | null,
) {
  const now = app.runtime.clock.now();
  const ids = (await app.queries.reservations.ofGuest(email, now)).map((r) => r.id);
  const reservations = [];
  for (const id of ids) {
    const row = await app.queries.reservations.get(id);
    if (!row) continue;
    const orders = await app.queries.orders.ofReservation(id);
    reservations.push({
      id: row.id,
      number: row.reservation_number,
      store_id: row.store_id,
      date: row.reservation_date,
      time: row.reservation_time,
      people: row.people,
      name: row.customer_name,
      email: row.email,
      phone: row.phone,
      courses: row.lines,
      options: row.detail,
      status: row.status,
      requested_at: row.requested_at,
      cancelled_at: row.cancelled_at,
      orders: orders.map((o) => ({ id: o.id, time: o.order_time, items: o.items, subtotal: o.subtotal })),
    });
  }
  return {
    exported_at: now.toISOString(),
    account: account ? { id: account.id, name: account.name, email: account.email, email_verified: account.emailVerified } : null,
    reservations,
  };
}
