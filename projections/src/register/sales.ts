import { sql, type Kysely } from 'kysely';
import { addDays, datesBetween } from '@moncafe/domain/calendar/dates';
import type { Database } from '../database';

/**
 * Sales for the owner (issue 30 item 5, decision 251): a store's takings over a range of business
 * days, by day, ISO week (from Monday) or month, with the same-length range before for comparison,
 * the top items, the average spend per guest and the takings by hour of payment. From the read
 * models only (payments, the orders they paid, the reservations' party sizes).
 */
export type SalesGrain = 'day' | 'week' | 'month';

export interface SalesRange {
  /** One store, or null: every store together (全店舗, decision 408), closed ones' history included. */
  storeId: string | null;
  /** First and last business day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
}

/** A raw query's store condition on `column`: the one store, or every store (null). */
function ofStore(column: string, storeId: string | null) {
  return storeId === null ? sql`true` : sql`${sql.ref(column)} = ${storeId}`;
}

/** The bucket a business day falls in: the day, the Monday of its week, or its month. */
export function bucketOf(date: string, grain: SalesGrain): string {
  if (grain === 'day') return date;
  if (grain === 'month') return date.slice(0, 7);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The buckets of a range, in order (empty ones included, so a chart shows the gaps). */
export function bucketsOf(range: Pick<SalesRange, 'from' | 'to'>, grain: SalesGrain): string[] {
  return [...new Set(datesBetween(range.from, range.to).map((d) => bucketOf(d, grain)))];
}

/**
 * The money taken in a range, as the daily close counts it (decision 250): the receipts issued
 * (a cancelling 赤伝 negative, on the day it was issued), and the payments of checkouts from
 * before receipts (no receipt for their visit).
 */
function takings(range: SalesRange) {
  return sql`(
    select r.business_date, r.issued_at as at, r.total, r.tax from receipts r
    where ${ofStore('r.store_id', range.storeId)} and r.business_date between ${range.from} and ${range.to}
    union all
    select p.business_date, p.paid_at as at, p.total, p.tax from payments p
    where ${ofStore('p.store_id', range.storeId)} and p.business_date between ${range.from} and ${range.to}
      and not exists (select 1 from receipts r where r.reservation_id = p.reservation_id)
  )`;
}

/** Checkouts with a payment in the range and their guests, by business day. */
function checkoutsByDay(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('payments as p')
    .leftJoin('reservations as r', 'r.id', 'p.reservation_id')
    .select(['p.business_date as date', sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(r.people), 0)`.as('guests')])
    .$if(range.storeId !== null, (q) => q.where('p.store_id', '=', range.storeId!))
    .where('p.business_date', '>=', range.from)
    .where('p.business_date', '<=', range.to)
    .groupBy('p.business_date')
    .execute();
}

function moneyByDay(db: Kysely<Database>, range: SalesRange) {
  return sql<{ date: string; total: string; tax: string }>`
    select t.business_date as date, sum(t.total) as total, sum(t.tax) as tax from ${takings(range)} t group by t.business_date`.execute(db);
}

async function totalsOf(db: Kysely<Database>, range: SalesRange) {
  const [checkouts, money] = await Promise.all([checkoutsByDay(db, range), moneyByDay(db, range)]);
  const total = money.rows.reduce((n, r) => n + Number(r.total), 0);
  const tax = money.rows.reduce((n, r) => n + Number(r.tax), 0);
  const guests = checkouts.reduce((n, r) => n + Number(r.guests), 0);
  return {
    count: checkouts.reduce((n, r) => n + Number(r.count), 0),
    subtotal: total - tax,
    tax,
    total,
    guests,
    /** Yen per guest, rounded down; 0 without guests. */
    perGuest: guests > 0 ? Math.floor(total / guests) : 0,
  };
}

export type SalesTotals = Awaited<ReturnType<typeof totalsOf>>;

/** The report of the sales screen and the admin home's figures. */
export async function salesReport(db: Kysely<Database>, range: SalesRange, grain: SalesGrain) {
  const days = datesBetween(range.from, range.to).length;
  const before = { storeId: range.storeId, from: addDays(range.from, -days), to: addDays(range.from, -1) };
  const [totals, previous, checkouts, money, items, hours] = await Promise.all([
    totalsOf(db, range),
    totalsOf(db, before),
    checkoutsByDay(db, range),
    moneyByDay(db, range),
    sql<{ menu_id: string; menu_name: string; quantity: string; amount: string }>`
      select i.item->>'menu_id' as menu_id, min(i.item->>'menu_name') as menu_name,
        sum((i.item->>'quantity')::int) as quantity, sum((i.item->>'quantity')::int * (i.item->>'price')::int) as amount
      from payments p
      cross join lateral jsonb_array_elements_text(p.order_ids) as po(order_id)
      join orders o on o.id = po.order_id
      cross join lateral jsonb_array_elements(o.items) as i(item)
      where ${ofStore('p.store_id', range.storeId)} and p.business_date between ${range.from} and ${range.to}
      group by i.item->>'menu_id'
      order by amount desc, menu_id
      limit 10`.execute(db),
    sql<{ hour: number; count: string; total: string }>`
      select extract(hour from t.at at time zone 'Asia/Tokyo')::int as hour, count(*) as count, sum(t.total) as total
      from ${takings(range)} t
      group by 1 order by 1`.execute(db),
  ]);

  const buckets = new Map(bucketsOf(range, grain).map((key) => [key, { key, count: 0, total: 0, tax: 0, guests: 0 }]));
  for (const d of checkouts) {
    const bucket = buckets.get(bucketOf(d.date, grain))!;
    bucket.count += Number(d.count);
    bucket.guests += Number(d.guests);
  }
  for (const d of money.rows) {
    const bucket = buckets.get(bucketOf(d.date, grain))!;
    bucket.total += Number(d.total);
    bucket.tax += Number(d.tax);
  }
  return {
    range: { from: range.from, to: range.to },
    previousRange: { from: before.from, to: before.to },
    grain,
    totals,
    previous,
    buckets: [...buckets.values()],
    topItems: items.rows.map((r) => ({ menuId: r.menu_id, name: r.menu_name, quantity: Number(r.quantity), amount: Number(r.amount) })),
    byHour: hours.rows.map((r) => ({ hour: Number(r.hour), count: Number(r.count), total: Number(r.total) })),
  };
}

export type SalesReport = Awaited<ReturnType<typeof salesReport>>;

// --- CSV exports (UTF-8 with a BOM, apps/web/app/admin-area/csv.ts) ------------------------------

/** Every line sold in the range, one row per order line of a paid order, with its payment. */
export async function salesLines(db: Kysely<Database>, range: SalesRange) {
  const result = await sql<{
    store_id: string;
    business_date: string;
    paid_at: Date;
    reservation_id: string;
    order_id: string;
    seat_label: string;
    menu_id: string;
    menu_name: string;
    quantity: number;
    price: number;
    method: string;
  }>`
    select p.store_id, p.business_date, p.paid_at, p.reservation_id, o.id as order_id, o.seat_label,
      i.item->>'menu_id' as menu_id, i.item->>'menu_name' as menu_name,
      (i.item->>'quantity')::int as quantity, (i.item->>'price')::int as price, p.method
    from payments p
    cross join lateral jsonb_array_elements_text(p.order_ids) as po(order_id)
    join orders o on o.id = po.order_id
    cross join lateral jsonb_array_elements(o.items) with ordinality as i(item, n)
    where ${ofStore('p.store_id', range.storeId)} and p.business_date between ${range.from} and ${range.to}
    order by p.paid_at, o.order_time, o.id, i.n`.execute(db);
  return result.rows;
}

/** The receipts issued in the range (sales and cancelling 赤伝), in number order. */
export async function receiptsOfRange(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('receipts as r')
    .leftJoin('receipts as c', 'c.id', 'r.cancels_receipt_id')
    .select([
      'r.store_id',
      'r.business_date',
      'r.issued_at',
      'r.number',
      'r.kind',
      'c.number as cancels_number',
      'r.cancel_reason',
      'r.reservation_id',
      'r.payment_method',
      'r.total',
      'r.tax',
      'r.totals_by_rate',
    ])
    .$if(range.storeId !== null, (q) => q.where('r.store_id', '=', range.storeId!))
    .where('r.business_date', '>=', range.from)
    .where('r.business_date', '<=', range.to)
    .orderBy('r.number')
    .execute();
}

/** The payments of checkouts from before receipts (no receipt for their visit) in the range, oldest first. */
export async function paymentsWithoutReceipts(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('payments as p')
    .selectAll('p')
    .$if(range.storeId !== null, (q) => q.where('p.store_id', '=', range.storeId!))
    .where('p.business_date', '>=', range.from)
    .where('p.business_date', '<=', range.to)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('receipts as r').select('r.id').whereRef('r.reservation_id', '=', 'p.reservation_id'))))
    .orderBy('p.paid_at')
    .orderBy('p.reservation_id')
    .execute();
}

/** Reservations booked for the range's days (lapsed requests left out), by date and time. */
export async function reservationsOfRange(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('reservations')
    .select([
      'store_id',
      'id',
      'reservation_number',
      'reservation_date',
      'reservation_time',
      'customer_name',
      'people',
      'status',
      'origin',
      'price',
      'paid_total',
      'cancelled_at',
    ])
    .$if(range.storeId !== null, (q) => q.where('store_id', '=', range.storeId!))
    .where('reservation_date', '>=', range.from)
    .where('reservation_date', '<=', range.to)
    .where((eb) => eb.or([eb('confirmed_at', 'is not', null), eb('cancelled_at', 'is not', null), eb('origin', '=', 'walk_in')]))
    .orderBy('reservation_date')
    .orderBy('reservation_time')
    .orderBy('id')
    .execute();
}

/** The scheduled shifts of the range with the person's hourly wage at the store (payroll). */
export async function shiftsWithWages(db: Kysely<Database>, range: SalesRange) {
  return db
    .selectFrom('shifts as s')
    .leftJoin('store_staff as w', (j) => j.onRef('w.store_id', '=', 's.store_id').onRef('w.account_id', '=', 's.user_id'))
    .leftJoin('accounts as a', 'a.account_id', 's.user_id')
    .select(['s.store_id', 's.shift_date', 's.user_id', 'a.name', 's.start_time', 's.end_time', 'w.wage'])
    .$if(range.storeId !== null, (q) => q.where('s.store_id', '=', range.storeId!))
    .where('s.shift_date', '>=', range.from)
    .where('s.shift_date', '<=', range.to)
    .orderBy('s.shift_date')
    .orderBy('s.start_time')
    .orderBy('s.user_id')
    .execute();
}
