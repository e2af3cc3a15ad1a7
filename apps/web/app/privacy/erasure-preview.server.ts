import { isBlobId } from '@moncafe/domain/ports';
import type { WebApp } from '#app/context';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';

/** A count with the first and last day it covers (Tokyo dates), or nulls for none. */
export interface Span {
  count: number;
  first: string | null;
  last: string | null;
}

function spanOf(dates: string[]): Span {
  const sorted = [...dates].sort();
  return { count: sorted.length, first: sorted[0] ?? null, last: sorted.at(-1) ?? null };
}

/**
 * What forgetting the guest of `email` would erase and what it keeps (decision 650), read before
 * the owner confirms: the same things the forgetting service erases (every reservation made with
 * the address, the upcoming ones cancelled; the customer account; the kept mails; the receipts'
 * 宛名 and 但し書き, sealed with the visit's key; the pictures), and what stays because it names no
 * one (the sales of the visits, their seat counts, the receipts' amounts). `name` is how the
 * confirmation names the guest; null when nothing is held on the address.
 */
export async function erasurePreview(app: Pick<WebApp, 'queries' | 'runtime'>, email: string) {
  const now = app.runtime.clock.now();
  const today = tokyoDateOf(now);
  const held = await app.queries.reservations.ofGuest(email, now);
  const rows = (await Promise.all(held.map((r) => app.queries.reservations.get(r.id)))).filter((r) => r !== null);
  const receipts = (await Promise.all(rows.map((r) => app.queries.receipts.ofVisit(r.id)))).flat();
  const pictures = new Set<string>();
  for (const row of rows) for (const value of Object.values(row.detail ?? {}).flat()) if (typeof value === 'string' && isBlobId(value)) pictures.add(value);
  const pictureDays = rows
    .filter((r) =>
      Object.values(r.detail ?? {})
        .flat()
        .some((v) => typeof v === 'string' && isBlobId(v)),
    )
    .map((r) => r.reservation_date);
  const account = await app.queries.accounts.customerByEmail(email);
  const mails = await app.runtime.outboxMailsTo(email);
  const newest = [...rows].sort((a, b) => b.requested_at.getTime() - a.requested_at.getTime())[0];
  const sales = rows.filter((r) => r.paid_total !== null);
  return {
    name: newest?.customer_name ?? null,
    erased: {
      bookings: spanOf(rows.map((r) => r.reservation_date)),
      /** Bookings still to come that are cancelled first (their seats freed, the guest told). */
      cancelled: held.filter((r) => r.open && r.date >= today).length,
      account: account !== null,
      mails: { count: mails.count, first: mails.first && tokyoDateOf(mails.first), last: mails.last && tokyoDateOf(mails.last) },
      receiptNames: spanOf(receipts.map((r) => r.business_date)),
      pictures: { ...spanOf(pictureDays), count: pictures.size },
    },
    kept: {
      sales: { count: sales.length, total: sales.reduce((sum, r) => sum + (r.paid_total ?? 0), 0) },
      seats: { visits: rows.length, people: rows.reduce((sum, r) => sum + r.people, 0) },
      receipts: { count: receipts.length, total: receipts.reduce((sum, r) => sum + r.total, 0) },
    },
  };
}

export type ErasurePreview = Awaited<ReturnType<typeof erasurePreview>>;
