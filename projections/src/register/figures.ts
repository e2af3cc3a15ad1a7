import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RateTotal } from '@moncafe/domain/billing/events';
import type { PaymentMethod } from '@moncafe/domain/reservation/events';
import type { Database } from '../database';

/**
 * The register's figures, each defined once (decision 515). The daily close, the sales screen and
 * its by-hour table, the admin home and the CSV exports all read the three sources below, so no two
 * screens can count a checkout, a guest or a yen differently:
 *
 * - a **checkout** (会計) is a visit that ended with a payment: one per visit however many parts it
 *   was paid in, and one for a merged party (its host's), on the Tokyo date and hour it ended;
 * - its **guests** (客数) are the party's size then — a merged party at its merged size;
 * - a **taking** is money taken or given back: a receipt issued (a 赤伝 negative, on the day and
 *   hour it was issued), or the payment of a checkout from before receipts (none for its visit). A
 *   correction's 赤伝 and corrected receipt are two takings that net to nothing (decision 648).
 */
export interface FigureRange {
  /** One store, or null: every store together (全店舗). */
  storeId: string | null;
  /** First and last business day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
}

/** A raw query's store condition on `column`: the one store, or every store (null). */
export function ofStore(column: string, storeId: string | null) {
  return storeId === null ? sql`true` : sql`${sql.ref(column)} = ${storeId}`;
}

export interface TakingRow {
  store_id: string;
  business_date: string;
  at: Date;
  method: PaymentMethod;
  total: number;
  tax: number;
  /** A receipt's totals per rate; null for a payment from before receipts (its store's rate applies). */
  totals_by_rate: RateTotal[] | null;
  /** A 赤伝's reason; null for a sale. */
  refund_reason: string | null;
  refund: boolean;
  /** Before tax, for a payment from before receipts. */
  subtotal: number;
  /** Cash handed over and the change given (decision 640); null where not entered. */
  tendered: number | null;
  change: number | null;
  /** The receipt's discounts (decision 642); null where none were printed. */
  discounts: { reason: string; amount: number }[] | null;
  /** A 赤伝 a correction issued (decision 648): it undoes its sale, refunding nothing. */
  correction: boolean;
  /** For such a 赤伝: the cash its sale recorded as handed over and given back (null where not entered). */
  undone_tendered: number | null;
  undone_change: number | null;
}

/** Every taking of the range, as a subquery (`takings t`). */
export function takings(range: FigureRange): RawBuilder<TakingRow> {
  return sql<TakingRow>`(
    select r.store_id, r.business_date, r.issued_at as at, r.payment_method as method, r.total, r.tax,
      r.totals_by_rate, r.cancel_reason as refund_reason, r.kind = 'cancellation' as refund, r.total - r.tax as subtotal,
      r.tendered, r.change_given as change, r.discounts, r.replaced_by is not null as correction,
      case when r.replaced_by is not null then o.tendered end as undone_tendered,
      case when r.replaced_by is not null then o.change_given end as undone_change
    from receipts r left join receipts o on o.id = r.cancels_receipt_id
    where ${ofStore('r.store_id', range.storeId)} and r.business_date between ${range.from} and ${range.to}
    union all
    select p.store_id, p.business_date, p.paid_at as at, p.method, p.total, p.tax,
      null::jsonb as totals_by_rate, null as refund_reason, false as refund, p.subtotal,
      null::int as tendered, null::int as change, null::jsonb as discounts, false as correction,
      null::int as undone_tendered, null::int as undone_change
    from payments p
    where ${ofStore('p.store_id', range.storeId)} and p.business_date between ${range.from} and ${range.to}
      and not exists (select 1 from receipts r where r.reservation_id = p.reservation_id)
  )`;
}

export interface CheckoutRow {
  store_id: string;
  business_date: string;
  at: Date;
  reservation_id: string;
  guests: number;
  order_ids: string[];
}

/**
 * Every checkout of the range, as a subquery (`checkouts c`). A merged party's host alone has a
 * payment (decision 370): the party merged into it ends without one, so it is neither a second
 * checkout nor counted twice in the guests.
 */
export function checkouts(range: FigureRange): RawBuilder<CheckoutRow> {
  return sql<CheckoutRow>`(
    select p.store_id, p.business_date, p.paid_at as at, p.reservation_id, coalesce(r.people, 0)::int as guests, p.order_ids
    from payments p left join reservations r on r.id = p.reservation_id
    where ${ofStore('p.store_id', range.storeId)} and p.business_date between ${range.from} and ${range.to}
  )`;
}

export async function takingRows(db: Kysely<Database>, range: FigureRange) {
  return (await sql<TakingRow>`select * from ${takings(range)} t order by t.at, t.store_id`.execute(db)).rows;
}

/** Checkouts and guests by business day. */
export async function checkoutsByDay(db: Kysely<Database>, range: FigureRange) {
  const result = await sql<{ date: string; count: string; guests: string }>`
    select c.business_date as date, count(*) as count, coalesce(sum(c.guests), 0) as guests
    from ${checkouts(range)} c group by c.business_date`.execute(db);
  return result.rows.map((r) => ({ date: r.date, count: Number(r.count), guests: Number(r.guests) }));
}

/** Money taken by business day. */
export async function takingsByDay(db: Kysely<Database>, range: FigureRange) {
  const result = await sql<{ date: string; total: string; tax: string }>`
    select t.business_date as date, sum(t.total) as total, sum(t.tax) as tax from ${takings(range)} t group by t.business_date`.execute(db);
  return result.rows.map((r) => ({ date: r.date, total: Number(r.total), tax: Number(r.tax) }));
}

/**
 * By hour (Tokyo): the checkouts that ended in the hour and the money taken in it, so the hours'
 * counts add up to the checkouts and their amounts to the takings of the range.
 */
export async function byHour(db: Kysely<Database>, range: FigureRange) {
  const result = await sql<{ hour: number; count: string; total: string }>`
    select h.hour, coalesce(sum(h.count), 0) as count, coalesce(sum(h.total), 0) as total from (
      select extract(hour from c.at at time zone 'Asia/Tokyo')::int as hour, 1 as count, 0 as total from ${checkouts(range)} c
      union all
      select extract(hour from t.at at time zone 'Asia/Tokyo')::int as hour, 0 as count, t.total from ${takings(range)} t
    ) h group by h.hour order by h.hour`.execute(db);
  return result.rows.map((r) => ({ hour: Number(r.hour), count: Number(r.count), total: Number(r.total) }));
}

/** The lines of the orders the range’s checkouts paid. */
export function paidLines(range: FigureRange) {
  return sql<{
    store_id: string;
    business_date: string;
    at: Date;
    reservation_id: string;
    order_id: string;
    seat_label: string;
    order_time: Date;
    item: unknown;
    n: number;
  }>`(
    select c.store_id, c.business_date, c.at, c.reservation_id, o.id as order_id, o.seat_label, o.order_time, i.item, i.n
    from ${checkouts(range)} c
    cross join lateral jsonb_array_elements_text(c.order_ids) as po(order_id)
    join orders o on o.id = po.order_id
    cross join lateral jsonb_array_elements(o.items) with ordinality as i(item, n)
  )`;
}
