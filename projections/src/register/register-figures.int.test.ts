import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, datesOfMonth, tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { DomainEvent, RecordedEvent } from '@moncafe/domain/ports';
import { NO_FIGURES } from '@moncafe/domain/register/figures';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { ordersProjector } from '../orders/projector';
import { receiptsProjector } from '../receipts/projector';
import { reservationsProjector } from '../reservations/projector';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { dayFiguresOf } from './day-figures';
import { registerProjector } from './projector';
import { closeOf } from './queries';
import { paymentsWithoutReceipts, reservationsOfRange, salesLines, salesReport, shiftsWithWages } from './sales';
import { shiftsProjector } from '../shifts/projector';
import { storeStaffProjector } from '../store-staff/projector';
import { toStreamName as shiftStream } from '@moncafe/domain/shift/events';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';

/**
 * The daily close's figures and the sales report over the read models (decisions 250, 251):
 * given the events of checkouts, receipts (a split, a 赤伝) and closes, then the figures; a
 * generated month of orders, then every figure of the report equals a SQL sum over the read models.
 */
let position = 0;
const at = (event: DomainEvent, streamId: string, storeId = 's'): RecordedEvent =>
  recordedEvent(event, { streamId, position: ++position, metadata: { correlationId: 'c', causationId: null, actor: 'owner', storeId } });
const projectors = [reservationsProjector, ordersProjector, receiptsProjector, registerProjector];

/** A walk-in party seated at `at`, an order of `lines`, and its checkout paid by `method` (a payment, no receipt). */
function visitEvents(input: {
  id: string;
  date: string;
  minute: number;
  people: number;
  lines: { menuId: string; name: string; price: number; quantity: number }[];
  method: string;
  withPayment?: boolean;
  /** The store of the visit ('s' unless given). */
  storeId?: string;
}) {
  const storeId = input.storeId ?? 's';
  const seatedAt = tokyoInstant(input.date, input.minute).toISOString();
  const exitedAt = tokyoInstant(input.date, input.minute + 45).toISOString();
  const subtotal = input.lines.reduce((n, l) => n + l.price * l.quantity, 0);
  const tax = Math.floor(subtotal / 10);
  const stream = `reservation-${input.id}`;
  const orderId = `o-${input.id}`;
  return [
    at(
      {
        type: 'WalkInSeated',
        data: { reservationId: input.id, storeId, date: input.date, time: '12:00', people: input.people, seatIds: ['T1'], seatedAt, seatName: 'T1' },
      },
      stream,
      storeId,
    ),
    at(
      {
        type: 'OrderPlaced',
        data: { orderId, storeId, reservationId: input.id, seatId: 'T1', seatLabel: 'T1', lines: input.lines, placedBy: 'customer', placedAt: seatedAt },
      },
      `order-${orderId}`,
      storeId,
    ),
    at(
      {
        type: 'CheckedOut',
        data: {
          payment: input.withPayment === false ? null : { method: input.method, subtotal, tax, total: subtotal + tax, orderIds: [orderId] },
          exitedAt,
          actualDurationMinutes: 45,
          date: input.date,
        },
      },
      stream,
      storeId,
    ),
  ];
}

/** A web booking of `date`: confirmed (and kept), then marked a no-show, cancelled, or left unconfirmed. */
function booking(id: string, date: string, fate: 'confirmed' | 'no_show' | 'cancelled' | 'unconfirmed') {
  const stream = `reservation-${id}`;
  const requestedAt = tokyoInstant(addDays(date, -3), 10 * 60).toISOString();
  const events = [
    at(
      {
        type: 'ReservationRequested',
        data: {
          reservationId: id,
          storeId: 's',
          date,
          time: '18:00',
          people: 2,
          seatIds: ['T2'],
          holdId: `h-${id}`,
          customer: { name: '予約 太郎', email: `${id}@example.jp`, phone: '090-0000-0000' },
          accountId: null,
          lines: [],
          detail: {},
          optionsPrice: 0,
          reservationNumber: null,
          requestedAt,
        },
      },
      stream,
    ),
  ];
  if (fate === 'unconfirmed') return events;
  events.push(at({ type: 'ReservationConfirmed', data: { tokenHash: 'x', confirmedAt: requestedAt, date } }, stream));
  if (fate === 'no_show') events.push(at({ type: 'MarkedNoShow', data: { from: 'web', markedAt: tokyoInstant(date, 19 * 60).toISOString(), date } }, stream));
  if (fate === 'cancelled') events.push(at({ type: 'ReservationCancelled', data: { by: 'customer', reason: '', cancelledAt: requestedAt, date } }, stream));
  return events;
}

const rate = (ratePercent: number, reduced: boolean, base: number) => ({
  ratePercent,
  reduced,
  base,
  tax: Math.floor((base * ratePercent) / 100),
  total: base + Math.floor((base * ratePercent) / 100),
});
function receipt(input: {
  id: string;
  number: number;
  reservationId: string;
  method: string;
  date: string;
  rates: ReturnType<typeof rate>[];
  cancels?: { receiptId: string; number: number; reason: string };
}) {
  const sign = input.cancels ? -1 : 1;
  const rates = input.rates.map((r) => ({ ...r, base: sign * r.base, tax: sign * r.tax, total: sign * r.total }));
  return at(
    {
      type: 'ReceiptIssued',
      data: {
        receiptId: input.id,
        number: input.number,
        storeId: 's',
        reservationId: input.reservationId,
        partId: null,
        kind: input.cancels ? 'cancellation' : 'sale',
        cancels: input.cancels ?? null,
        issuedAt: tokyoInstant(input.date, 15 * 60).toISOString(),
        issuerName: 'MonCafe',
        registrationNumber: null,
        lines: [],
        totalsByRate: rates,
        total: rates.reduce((n, r) => n + r.total, 0),
        pricesIncludeTax: false,
        rounding: 'floor',
        paymentMethod: input.method,
        addressee: null,
        proviso: null,
        partLabel: null,
      },
    },
    'receipts-s',
  );
}

describe('the daily close’s figures and the sales report', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
  });
  afterAll(() => t.close());

  it('counts a day from its receipts: a split paid two ways, a 赤伝 as a refund with its reason, a checkout from before receipts at the store’s rate', async () => {
    const day = '2026-12-01';
    const cake = { menuId: 'cake', name: 'チーズケーキ', price: 500, quantity: 2 };
    const coffee = { menuId: 'coffee', name: 'ブレンドコーヒー', price: 500, quantity: 1 };
    await t.project(projectors, [
      ...visitEvents({ id: 'r1', date: day, minute: 12 * 60, people: 2, lines: [cake, coffee], method: 'credit' }),
      // r1 split in two: the takeout cake at 8% paid in cash, the coffee at 10% by card.
      receipt({ id: 'rc1', number: 1, reservationId: 'r1', method: 'cash', date: day, rates: [rate(8, true, 1000)] }),
      receipt({ id: 'rc2', number: 2, reservationId: 'r1', method: 'credit', date: day, rates: [rate(10, false, 500)] }),
      ...visitEvents({ id: 'r2', date: day, minute: 13 * 60, people: 3, lines: [coffee], method: 'cash' }),
      receipt({ id: 'rc3', number: 3, reservationId: 'r2', method: 'cash', date: day, rates: [rate(10, false, 500)] }),
      receipt({
        id: 'rc4',
        number: 4,
        reservationId: 'r2',
        method: 'cash',
        date: day,
        rates: [rate(10, false, 500)],
        cancels: { receiptId: 'rc3', number: 3, reason: '注文間違い' },
      }),
      // A checkout from before receipts: its payment counts.
      ...visitEvents({ id: 'r3', date: day, minute: 14 * 60, people: 1, lines: [coffee], method: 'qr' }),
      // Guests who left without paying here: a visit, no sale.
      ...visitEvents({ id: 'r4', date: day, minute: 15 * 60, people: 4, lines: [coffee], method: 'cash', withPayment: false }),
      // Web bookings of the day: one kept, one a no-show, one cancelled, one never confirmed (lapsed: not counted).
      ...booking('b1', day, 'confirmed'),
      ...booking('b2', day, 'no_show'),
      ...booking('b3', day, 'cancelled'),
      ...booking('b4', day, 'unconfirmed'),
    ]);
    const figures = await dayFiguresOf(t.db, 's', day);
    expect(figures).toEqual({
      ...NO_FIGURES,
      sales: { count: 3, subtotal: 1000 + 500 + 500 - 500 + 500, tax: 80 + 50 + 50 - 50 + 50, total: 1080 + 550 + 550 - 550 + 550 },
      byMethod: [
        { method: 'cash', count: 2, total: 1080 + 550 - 550 },
        { method: 'credit', count: 1, total: 550 },
        { method: 'qr', count: 1, total: 550 },
      ],
      byRate: [
        { ratePercent: 10, reduced: false, taxable: 500 + 500 - 500 + 500, tax: 50 + 50 - 50 + 50, total: 550 + 550 - 550 + 550 },
        { ratePercent: 8, reduced: true, taxable: 1000, tax: 80, total: 1080 },
      ],
      byCategory: [
        { category: 'drink', quantity: 3, amount: 1500 },
        { category: 'dessert', quantity: 2, amount: 1000 },
      ],
      // 客数 are the checkouts' guests (decision 515): the party that left without paying is a visit, not a checkout.
      guests: 2 + 3 + 1,
      visits: 4,
      refunds: { count: 1, amount: 550, byReason: [{ reason: '注文間違い', count: 1, amount: 550 }] },
      reservations: { booked: 1, noShows: 1, cancelled: 1 },
      cashExpected: 1080 + 550 - 550,
      // Neither cash sale had an amount entered: each counts as handed over exactly.
      cash: { tendered: 1080 + 550, change: 0 },
    });

    // A close keeps its figures; a correction changes what the day counts, not what it closed with.
    const later = { ...figures, sales: { ...figures.sales, total: figures.sales.total + 110 } };
    await t.project(projectors, [
      at(
        {
          type: 'DayClosed',
          data: {
            businessDate: day,
            figures,
            cash: { expected: 1080, counted: 1000, difference: -80 },
            note: '',
            corrections: [],
            closedBy: 'owner',
            closedAt: '2026-12-01T13:00:00.000Z',
          },
        },
        'register-s',
      ),
      at(
        {
          type: 'DayCorrected',
          data: {
            correctionId: 'x1',
            businessDate: day,
            before: figures,
            after: later,
            reason: '締め後の会計',
            correctedBy: 'owner',
            correctedAt: '2026-12-01T14:00:00.000Z',
          },
        },
        'register-s',
      ),
    ]);
    const close = await closeOf(t.db, 's', day);
    expect(close).toMatchObject({ figures, counted: later, cash_expected: 1080, cash_counted: 1000, cash_difference: -80 });
  });

  it('counts a merged party paid in two parts as one checkout of its merged size, on the close, the sales screen and its hours alike (decision 515)', async () => {
    const day = '2026-12-05';
    const coffee = { menuId: 'coffee', name: 'ブレンドコーヒー', price: 500, quantity: 3 };
    const [seated, order, checkedOut] = visitEvents({ id: 'mh', date: day, minute: 18 * 60 + 40, people: 2, lines: [coffee], method: 'credit' });
    const other = visitEvents({ id: 'mo', date: day, minute: 18 * 60 + 40, people: 2, lines: [], method: 'cash', withPayment: false });
    const mergedAt = tokyoInstant(day, 18 * 60 + 50).toISOString();
    await t.project(projectors, [
      seated!,
      order!,
      other[0]!,
      at(
        {
          type: 'PartyMerged',
          data: {
            absorbedId: 'mo',
            absorbed: { seatIds: ['T2'], people: 2 },
            before: { seatIds: ['T1'], people: 2 },
            seatIds: ['T1', 'T2'],
            people: 4,
            seatLabel: 'T1・T2',
            mergedAt,
            date: day,
          },
        },
        'reservation-mh',
      ),
      at({ type: 'MergedIntoParty', data: { hostId: 'mh', mergedAt, date: day } }, 'reservation-mo'),
      // Split in two parts paid two ways.
      receipt({ id: 'mr1', number: 11, reservationId: 'mh', method: 'cash', date: day, rates: [rate(10, false, 750)] }),
      receipt({ id: 'mr2', number: 12, reservationId: 'mh', method: 'credit', date: day, rates: [rate(10, false, 750)] }),
      checkedOut!,
      // The merged party ends with its host, without a payment of its own.
      other[2]!,
    ]);
    const figures = await dayFiguresOf(t.db, 's', day);
    expect(figures.sales).toEqual({ count: 1, subtotal: 1500, tax: 150, total: 1650 });
    expect(figures.guests).toBe(4);
    expect(figures.visits).toBe(1);
    expect(figures.byMethod).toEqual([
      { method: 'cash', count: 1, total: 825 },
      { method: 'credit', count: 1, total: 825 },
    ]);
    const report = await salesReport(t.db, { storeId: 's', from: day, to: day }, 'day');
    expect(report.totals).toMatchObject({ count: 1, guests: 4, total: 1650, tax: 150 });
    expect(
      report.byHour.reduce((n, h) => n + h.count, 0),
      'the hours count the checkout once',
    ).toBe(1);
    expect(report.byHour.reduce((n, h) => n + h.total, 0)).toBe(1650);
    const lines = await salesLines(t.db, { storeId: 's', from: day, to: day });
    expect(lines.map((l) => l.methods)).toEqual([['cash', 'credit']]);
  });

  it('counts the day’s voids by reason: a line taken off and a whole order, on the Tokyo day they were made (decision 283)', async () => {
    const day = '2026-12-03';
    const cake = { menuId: 'cake', name: 'チーズケーキ', price: 520, quantity: 2, takeout: false, taxCategory: 'reduced' as const };
    const tea = { menuId: 'tea', name: '紅茶', price: 450, quantity: 1, takeout: false, taxCategory: 'reduced' as const };
    const voidedAt = (minute: number) => tokyoInstant(day, minute).toISOString();
    await t.project(projectors, [
      at(
        { type: 'OrderLineVoided', data: { menuId: 'cake', name: 'チーズケーキ', quantity: 1, price: 520, reason: '品切れ', voidedAt: voidedAt(12 * 60) } },
        'order-v1',
      ),
      at({ type: 'OrderVoided', data: { lines: [cake, tea], reason: '注文間違い', voidedAt: voidedAt(13 * 60) } }, 'order-v2'),
      at(
        { type: 'OrderLineVoided', data: { menuId: 'tea', name: '紅茶', quantity: 1, price: 450, reason: '品切れ', voidedAt: voidedAt(23 * 60 + 30) } },
        'order-v3',
      ),
      // Just after midnight in Tokyo: the next business day's void.
      at(
        { type: 'OrderLineVoided', data: { menuId: 'tea', name: '紅茶', quantity: 1, price: 450, reason: '品切れ', voidedAt: voidedAt(24 * 60 + 5) } },
        'order-v4',
      ),
    ]);
    const figures = await dayFiguresOf(t.db, 's', day);
    expect(figures.voids).toEqual({
      count: 3,
      amount: 520 + (520 * 2 + 450) + 450,
      byReason: [
        { reason: '品切れ', count: 2, amount: 520 + 450 },
        { reason: '注文間違い', count: 1, amount: 520 * 2 + 450 },
      ],
    });
    expect((await dayFiguresOf(t.db, 's', addDays(day, 1))).voids).toEqual({ count: 1, amount: 450, byReason: [{ reason: '品切れ', count: 1, amount: 450 }] });
  });

  it('reports a generated month whose every figure equals a SQL sum over the read models', async () => {
    const month = '2027-01';
    const menu = [
      { menuId: 'm-blend', name: 'ブレンドコーヒー', price: 500 },
      { menuId: 'm-latte', name: 'カフェラテ', price: 580 },
      { menuId: 'm-cake', name: 'チーズケーキ', price: 520 },
      { menuId: 'm-pasta', name: 'ナポリタン', price: 980 },
    ];
    const visitArb = fc.record({
      day: fc.integer({ min: 0, max: 30 }),
      minute: fc.integer({ min: 10 * 60, max: 20 * 60 }),
      people: fc.integer({ min: 1, max: 6 }),
      method: fc.constantFrom('cash', 'credit', 'electronic', 'qr'),
      lines: fc.uniqueArray(fc.record({ item: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 4 }) }), {
        minLength: 1,
        maxLength: 4,
        selector: (l) => l.item,
      }),
    });
    const visits = fc.sample(fc.array(visitArb, { minLength: 150, maxLength: 150 }), { numRuns: 1, seed: 30 })[0]!;
    const days = datesOfMonth(month);
    // The last day of the month before, for the comparison.
    const before = addDays(days[0]!, -1);
    await t.project(projectors, [
      ...visits.flatMap((v, i) =>
        visitEvents({
          id: `g${i}`,
          date: days[v.day]!,
          minute: v.minute,
          people: v.people,
          method: v.method,
          lines: v.lines.map((l) => ({ ...menu[l.item]!, quantity: l.quantity })),
        }),
      ),
      ...visitEvents({ id: 'prev', date: before, minute: 12 * 60, people: 2, lines: [{ ...menu[0]!, quantity: 2 }], method: 'cash' }),
    ]);

    const range = { storeId: 's', from: days[0]!, to: days.at(-1)! };
    for (const grain of ['day', 'week', 'month'] as const) {
      const report = await salesReport(t.db, range, grain);
      const sums = await sql<{ count: string; total: string; tax: string; guests: string }>`
        select count(*) as count, sum(p.total) as total, sum(p.tax) as tax, sum(r.people) as guests
        from payments p join reservations r on r.id = p.reservation_id
        where p.store_id = 's' and p.business_date between ${range.from} and ${range.to}`.execute(t.db);
      const s = sums.rows[0]!;
      expect(report.totals).toEqual({
        count: Number(s.count),
        subtotal: Number(s.total) - Number(s.tax),
        tax: Number(s.tax),
        total: Number(s.total),
        guests: Number(s.guests),
        perGuest: Math.floor(Number(s.total) / Number(s.guests)),
      });
      expect(report.totals.count).toBe(150);
      expect(
        report.buckets.reduce((n, b) => n + b.total, 0),
        grain,
      ).toBe(Number(s.total));
      // Money is the receipts' (a 赤伝 negative), and the payments of visits without a receipt.
      const previous = await sql<{ total: string }>`
        select (select coalesce(sum(total), 0) from receipts where store_id = 's' and business_date between ${report.previousRange.from} and ${report.previousRange.to})
          + (select coalesce(sum(total), 0) from payments p where store_id = 's' and business_date between ${report.previousRange.from} and ${report.previousRange.to}
             and not exists (select 1 from receipts r where r.reservation_id = p.reservation_id)) as total`.execute(t.db);
      expect(report.previousRange).toEqual({ from: '2026-12-01', to: '2026-12-31' });
      expect(report.previous.total, 'the same length before').toBe(Number(previous.rows[0]!.total));
      expect(report.previous.total).toBeGreaterThan(0);
    }

    const daily = await salesReport(t.db, range, 'day');
    const perDay = await sql<{ business_date: string; total: string }>`
      select business_date, sum(total) as total from payments where store_id = 's' and business_date between ${range.from} and ${range.to} group by business_date`.execute(
      t.db,
    );
    expect(Object.fromEntries(daily.buckets.filter((b) => b.total !== 0).map((b) => [b.key, b.total]))).toEqual(
      Object.fromEntries(perDay.rows.map((r) => [r.business_date, Number(r.total)])),
    );
    expect(daily.buckets).toHaveLength(31);
    expect((await salesReport(t.db, range, 'month')).buckets.map((b) => b.key)).toEqual([month]);

    const items = await sql<{ menu_id: string; quantity: string; amount: string }>`
      select i->>'menu_id' as menu_id, sum((i->>'quantity')::int) as quantity, sum((i->>'quantity')::int * (i->>'price')::int) as amount
      from orders o cross join jsonb_array_elements(o.items) i
      where o.store_id = 's' and o.order_time >= ${tokyoInstant(range.from, 0)} and o.order_time < ${tokyoInstant(addDays(range.to, 1), 0)}
      group by 1 order by amount desc, menu_id`.execute(t.db);
    expect(daily.topItems.map((i) => [i.menuId, i.quantity, i.amount])).toEqual(items.rows.map((r) => [r.menu_id, Number(r.quantity), Number(r.amount)]));

    const hours = await sql<{ hour: number; total: string }>`
      select extract(hour from paid_at at time zone 'Asia/Tokyo')::int as hour, sum(total) as total
      from payments where store_id = 's' and business_date between ${range.from} and ${range.to} group by 1 order by 1`.execute(t.db);
    expect(daily.byHour.map((h) => [h.hour, h.total])).toEqual(hours.rows.map((r) => [Number(r.hour), Number(r.total)]));
  });

  it('reports every store together (全店舗) as the sum of each store’s figures, and the exports as the union of their rows (decision 408)', async () => {
    const month = '2027-03';
    const days = datesOfMonth(month);
    const menu = [
      { menuId: 'm-blend', name: 'ブレンドコーヒー', price: 500 },
      { menuId: 'm-morning', name: 'モーニングセット', price: 750 },
      { menuId: 'm-cake', name: 'チーズケーキ', price: 520 },
    ];
    const visitArb = fc.record({
      store: fc.constantFrom('east', 'west'),
      day: fc.integer({ min: 0, max: 30 }),
      minute: fc.integer({ min: 8 * 60, max: 20 * 60 }),
      people: fc.integer({ min: 1, max: 6 }),
      item: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 4 }),
    });
    const visits = fc.sample(fc.array(visitArb, { minLength: 80, maxLength: 80 }), { numRuns: 1, seed: 34 })[0]!;
    await t.project(
      projectors,
      visits.flatMap((v, i) =>
        visitEvents({
          id: `two-${i}`,
          storeId: v.store,
          date: days[v.day]!,
          minute: v.minute,
          people: v.people,
          method: 'cash',
          lines: [{ ...menu[v.item]!, quantity: v.quantity }],
        }),
      ),
    );
    // Every store with figures in the read models, not only the two above: 全店舗 means all of them.
    const storeIds = (
      await sql<{ store_id: string }>`select distinct store_id from payments union select distinct store_id from receipts`.execute(t.db)
    ).rows.map((r) => r.store_id);
    expect(storeIds).toEqual(expect.arrayContaining(['east', 'west']));
    const range = { from: days[0]!, to: days.at(-1)! };
    for (const grain of ['day', 'week', 'month'] as const) {
      const all = await salesReport(t.db, { storeId: null, ...range }, grain);
      const each = await Promise.all(storeIds.map((storeId) => salesReport(t.db, { storeId, ...range }, grain)));
      const sum = (pick: (r: (typeof each)[number]) => number) => each.reduce((n, r) => n + pick(r), 0);
      for (const figure of ['count', 'subtotal', 'tax', 'total', 'guests'] as const) expect(all.totals[figure], figure).toBe(sum((r) => r.totals[figure]));
      expect(all.totals.perGuest).toBe(Math.floor(all.totals.total / all.totals.guests));
      expect(all.previous.total).toBe(sum((r) => r.previous.total));
      expect(all.buckets.map((b) => [b.key, b.total, b.count, b.guests])).toEqual(
        all.buckets.map((b, i) => [b.key, sum((r) => r.buckets[i]!.total), sum((r) => r.buckets[i]!.count), sum((r) => r.buckets[i]!.guests)]),
      );
      const byMenu = (reports: typeof each) => {
        const m: Record<string, number> = {};
        for (const r of reports) for (const item of r.topItems) m[item.menuId] = (m[item.menuId] ?? 0) + item.amount;
        return m;
      };
      expect(byMenu([all])).toEqual(byMenu(each));
      expect(all.totals.count).toBe(80);
    }
    const everyStore = { storeId: null, ...range };
    const rowsOfEach = async (read: (r: typeof everyStore | { storeId: string; from: string; to: string }) => Promise<unknown[]>) =>
      (await Promise.all(storeIds.map((storeId) => read({ storeId, ...range })))).reduce((n, rows) => n + rows.length, 0);
    expect((await salesLines(t.db, everyStore)).length).toBe(await rowsOfEach((r) => salesLines(t.db, r)));
    expect((await reservationsOfRange(t.db, everyStore)).length).toBe(await rowsOfEach((r) => reservationsOfRange(t.db, r)));
    expect((await paymentsWithoutReceipts(t.db, everyStore)).length).toBe(80);
  });

  it('lists the shifts of a range with each person’s hourly wage at the store, for payroll', async () => {
    await t.project(
      [shiftsProjector, storeStaffProjector],
      [
        at(
          { type: 'RecordSaved', data: { kind: 'store-staff', id: 'st-1', data: { store_id: 's', account_id: 'u1', wage: 1100, display_order: 1 } } },
          catalogStream('store-staff', 'st-1'),
        ),
        at(
          {
            type: 'ShiftsImported',
            data: {
              shifts: [
                { shiftId: 'sh1', date: '2027-02-01', start: '09:00', end: '17:30' },
                { shiftId: 'sh2', date: '2027-02-02', start: '10:00', end: '14:00' },
                { shiftId: 'sh3', date: '2027-03-01', start: '10:00', end: '14:00' },
              ],
              importedAt: '2027-01-25T00:00:00.000Z',
              by: 'owner',
            },
          },
          shiftStream({ storeId: 's', userId: 'u1', month: '2027-02' }),
        ),
        at(
          {
            type: 'ShiftsImported',
            data: { shifts: [{ shiftId: 'sh4', date: '2027-02-01', start: '12:00', end: '15:00' }], importedAt: '2027-01-25T00:00:00.000Z', by: 'owner' },
          },
          shiftStream({ storeId: 's', userId: 'u2', month: '2027-02' }),
        ),
      ],
    );
    const rows = await shiftsWithWages(t.db, { storeId: 's', from: '2027-02-01', to: '2027-02-28' });
    expect(rows.map((r) => [r.shift_date, r.user_id, r.start_time, r.end_time, r.wage])).toEqual([
      ['2027-02-01', 'u1', '09:00', '17:30', 1100],
      ['2027-02-01', 'u2', '12:00', '15:00', null],
      ['2027-02-02', 'u1', '10:00', '14:00', 1100],
    ]);
  });
});
