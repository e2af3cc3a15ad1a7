import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, minutesOf, tokyoDateOf, tokyoDateTime, tokyoInstant } from '@moncafe/domain/calendar/dates';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import type { Answer as SummaryAnswer } from '../../apps/web/app/routes/api/admin/sales/summary/route';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_STORE, seatCodeOf, serverNow, signedInAdmin, tableOrderServerWithAdmin, withToken } from '../support/table-order';
import { eventLog, expectFiguresOfEvents, figuresFromEvents, orderLinesFromEvents, type LoggedEvent } from './money-events';

/**
 * Decision 515 over a generated month (fixed seed): walk-ins at the tables, voids, refunds, bills
 * split in two and paid two ways, merged parties and discounts (decisions 642, 645), over the open days of four weeks. Then every
 * figure of the daily close of each day, the sales screen and its by-hour table, the admin home and
 * the CSV exports (the store's and 全店舗, and each day's orders) equals the same figure computed
 * from the exported event log by hand.
 */
type Visit = {
  minute: number;
  people: number;
  lines: { menu_id: string; quantity: number }[];
  pay: 'cash' | 'credit' | 'qr' | 'electronic' | 'split';
  voided: boolean;
  refunded: boolean;
  merged: boolean;
  /** Given at the register before paying: none, 常連 10%, or a クーポン of 100円. */
  discount: 'none' | 'percent' | 'yen';
};
// Items the demo does not count, so a month of orders never sells one out.
const MENU = ['menu-blend', 'menu-latte', 'menu-tea', 'menu-juice', 'menu-napolitan'];
const visitArb: fc.Arbitrary<Visit> = fc.record({
  minute: fc.integer({ min: 0, max: 4 * 60 }),
  people: fc.integer({ min: 1, max: 2 }),
  lines: fc.uniqueArray(fc.record({ menu_id: fc.constantFrom(...MENU), quantity: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
    selector: (l) => l.menu_id,
  }),
  pay: fc.constantFrom('cash', 'credit', 'qr', 'electronic', 'split'),
  voided: fc.boolean(),
  refunded: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
  merged: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  discount: fc.constantFrom('none' as const, 'none' as const, 'percent' as const, 'yen' as const),
});
const plan = fc.sample(fc.array(fc.array(visitArb, { minLength: 2, maxLength: 4 }), { minLength: 8, maxLength: 8 }), { numRuns: 1, seed: 47 })[0]!;

describe('a generated month of the till', () => {
  const ctx = tableOrderServerWithAdmin();

  async function checkIn(seat: string, people: number) {
    const guest = httpClient(ctx.server.url);
    const r = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: seat,
      seat_code: await seatCodeOf(ctx.server.url, seat),
      number_of_people: people,
      ...AT_DEMO_STORE,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { guest, reservationId: r.body.reservation_id, token: r.body.token };
  }

  async function orderAt(party: Awaited<ReturnType<typeof checkIn>>, seat: string, items: { menu_id: string; quantity: number }[]) {
    const order = await party.guest.send('POST', '/api/orders', {
      json: { seat_id: seat, reservation_id: party.reservationId, items },
      headers: withToken(party.token),
    });
    const answer = (await order.json()) as { order_id: string };
    expect(order.status, JSON.stringify(answer)).toBe(200);
    return answer.order_id;
  }

  /** One visit as planned, at `seat` (and the seat beside it for a merged party). */
  async function play(v: Visit) {
    const host = await checkIn('seat-t1', v.people);
    const orderIds = [await orderAt(host, 'seat-t1', v.lines)];
    if (v.merged) {
      const other = await checkIn('seat-t2', 2);
      orderIds.push(await orderAt(other, 'seat-t2', [{ menu_id: 'menu-blend', quantity: 2 }]));
      const merged = await ctx.admin.post('/api/orders/merge', { reservation_id: host.reservationId, other_reservation_id: other.reservationId });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    }
    if (v.voided) {
      const extra = await orderAt(host, 'seat-t1', [{ menu_id: 'menu-tea', quantity: 1 }]);
      expect((await ctx.admin.post(`/api/orders/${extra}/void`, { menu_id: null, reason: '作り直し' })).status).toBe(200);
    }
    if (v.discount !== 'none') {
      const given = await ctx.admin.post('/api/orders/discount', {
        reservation_id: host.reservationId,
        kind: v.discount,
        value: v.discount === 'percent' ? 10 : 100,
        reason: v.discount === 'percent' ? '常連' : 'クーポン',
      });
      expect(given.status, JSON.stringify(given.body)).toBe(200);
    }
    const receipts: string[] = [];
    if (v.pay === 'split') {
      const split = await ctx.admin.send('POST', '/api/orders/split', { json: { reservation_id: host.reservationId, mode: 'equal', parts: 2 } });
      expect(split.status).toBe(200);
      const parts = ((await split.json()) as { split: { parts: { part_id: string }[] } }).split.parts;
      for (const [i, part] of parts.entries()) {
        const paid = await ctx.admin.send('POST', '/api/orders/split/pay', {
          json: { reservation_id: host.reservationId, part_id: part.part_id, payment_method: i === 0 ? 'cash' : 'credit' },
        });
        expect(paid.status).toBe(200);
        receipts.push(((await paid.json()) as { receipt_id: string }).receipt_id);
      }
    } else {
      const paid = await ctx.admin.send('POST', '/api/orders/checkout', {
        json: { reservation_id: host.reservationId, payment_method: v.pay, order_ids: orderIds },
      });
      expect(paid.status, await paid.clone().text()).toBe(200);
      receipts.push(((await paid.json()) as { receipt_id: string }).receipt_id);
    }
    if (v.refunded) expect((await ctx.admin.post(`/api/receipts/${receipts[0]}/cancel`, { reason: '注文間違い' })).status).toBe(200);
  }

  /** The open days of the next four weeks, as the demo store's hours say. */
  async function openDays(from: string) {
    const hours = (
      await ctx.admin.getJson<Record<string, { is_closed: boolean; open_time: string | null; close_time: string | null }>>(
        `/api/admin/business-hours?store_id=${DEMO_STORE}&start_date=${from}&end_date=${addDays(from, 27)}`,
      )
    ).body;
    return Object.entries(hours)
      .filter(([, d]) => !d.is_closed && d.open_time && d.close_time)
      .map(([date, d]) => ({ date, open: minutesOf(d.open_time!) }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  it('counts every figure of the close, the sales screen, its hours, the admin home and the exports as the event log does', { timeout: 900_000 }, async () => {
    const start = addDays(tokyoDateOf(await serverNow(ctx.server)), 1);
    const open = await openDays(start);
    // Eight open days spread over the weeks, in order.
    const days = plan.map((_, i) => open[Math.floor((i * open.length) / plan.length)]!);
    for (const [i, day] of days.entries()) {
      // Sessions last a week: the owner signs in again on each day the clock moved to.
      const now = await serverNow(ctx.server);
      const opening = tokyoInstant(day.date, day.open);
      if (opening.getTime() > now.getTime()) await ctx.server.advanceClock(opening.getTime() - now.getTime());
      ctx.admin = await signedInAdmin(ctx.server.url);
      for (const v of [...plan[i]!].sort((a, b) => a.minute - b.minute)) {
        const now = await serverNow(ctx.server);
        const at = tokyoInstant(day.date, day.open + 30 + v.minute);
        if (at.getTime() > now.getTime()) await ctx.server.advanceClock(at.getTime() - now.getTime());
        await play(v);
      }
    }
    const log = await eventLog(ctx.admin);
    const from = days[0]!.date;
    const to = days.at(-1)!.date;
    const perDay = days.map((d) => ({ date: d.date, figures: figuresFromEvents(log, DEMO_STORE, d.date) }));

    // The daily close of each day.
    for (const { date, figures } of perDay) {
      const close = await ctx.admin.getJson<DailyCloseAnswer>(`/api/admin/daily-close?store_id=${DEMO_STORE}&date=${date}`);
      expect(close.status).toBe(200);
      expectFiguresOfEvents(close.body.figures, figures);
    }
    const sum = (pick: (f: ReturnType<typeof figuresFromEvents>) => number) => perDay.reduce((n, d) => n + pick(d.figures), 0);
    const month = { count: sum((f) => f.sales.count), guests: sum((f) => f.guests), total: sum((f) => f.sales.total), tax: sum((f) => f.sales.tax) };
    expect(month.count, 'every planned visit is a checkout').toBe(plan.flat().length);
    expect(log.some((e) => e.type === 'PartyMerged')).toBe(true);
    expect(log.some((e) => e.type === 'BillPartPaid')).toBe(true);
    expect(log.some((e) => e.type === 'ReceiptIssued' && e.data.kind === 'cancellation')).toBe(true);
    expect(log.some((e) => e.type === 'DiscountGiven')).toBe(true);

    // The sales screen: its totals and its by-hour table.
    const page = (await ctx.admin.page(`/admin/sales?store_id=${DEMO_STORE}&from=${from}&to=${to}&grain=day`)).html;
    const cell = (figure: string) => new RegExp(`data-testid="sales-totals-current".*?data-figure="${figure}">([^<]+)<`, 's').exec(page)?.[1];
    expect(cell('total')).toBe(`${month.total.toLocaleString('en-US')}円`);
    expect(cell('count')).toBe(String(month.count));
    expect(cell('guests')).toBe(String(month.guests));
    const hours = hoursFromEvents(log, from, to);
    const table = /data-testid="sales-by-hour".*?<tbody>(.*?)<\/tbody>/s.exec(page)![1]!;
    const rows = [...table.matchAll(/<tr>.*?<td>(\d+)[^<]*<\/td><td>(\d+)<\/td><td>([-\d,]+)円<\/td><\/tr>/gs)].map((m) => [
      Number(m[1]),
      Number(m[2]),
      Number(m[3]!.replaceAll(',', '')),
    ]);
    expect(rows).toEqual(hours);
    expect(
      rows.reduce((n, r) => n + r[1]!, 0),
      'the hours count each checkout once',
    ).toBe(month.count);

    // The ctx.admin home: the month so far, on the last day.
    const summary = await ctx.admin.getJson<SummaryAnswer>(`/api/admin/sales/summary?store_id=${DEMO_STORE}`);
    const monthStart = `${to.slice(0, 7)}-01`;
    const inMonth = perDay.filter((d) => d.date >= monthStart);
    expect(summary.body.totals).toMatchObject({
      count: inMonth.reduce((n, d) => n + d.figures.sales.count, 0),
      guests: inMonth.reduce((n, d) => n + d.figures.guests, 0),
      total: inMonth.reduce((n, d) => n + d.figures.sales.total, 0),
    });

    // The exports: each one's totals row equals the event log's sums.
    const csvAt = async (path: string) => {
      const r = await ctx.admin.send('GET', path);
      expect(r.status).toBe(200);
      return (await r.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
    };
    const csv = (kind: string, scope = 'store') => csvAt(`/api/admin/sales/export/${kind}?store_id=${DEMO_STORE}&from=${from}&to=${to}&scope=${scope}`);
    const receipts = await csv('receipts');
    expect(Number(receipts.at(-1)!.at(-1))).toBe(month.total);
    expect(Number(receipts.at(-1)!.at(-2))).toBe(month.tax);
    const lines = await csv('sales-lines');
    expect(Number(lines.at(-1)!.at(-2))).toBe(sum((f) => Object.values(f.byCategory).reduce((n, c) => n + c.amount, 0)));
    // A split paid two ways names both methods on its lines.
    expect(lines.some((l) => l.at(-1) === '現金・クレジットカード')).toBe(true);
    const reservations = await csv('reservations');
    // 会計金額, then the courses' booked, billed and difference (decision 633).
    expect(Number(reservations.at(-1)!.at(-4))).toBe(paidFromEvents(log, from, to));

    // 全店舗: each export begins every row with its store's name; the month was played in one store,
    // so its rows and totals are that store's.
    for (const [kind, one] of [
      ['receipts', receipts],
      ['sales-lines', lines],
      ['reservations', reservations],
    ] as const) {
      const all = await csv(kind, 'all');
      expect(all[0]![0], kind).toBe('店舗');
      expect(
        all.slice(1, -1).map((row) => row.slice(1)),
        kind,
      ).toEqual(one.slice(1, -1));
      expect(new Set(all.slice(1, -1).map((row) => row[0])), kind).toEqual(new Set(one.length > 2 ? ['MonCafe 駅前店'] : []));
      expect(all.at(-1)!.slice(2), kind).toEqual(one.at(-1)!.slice(1));
    }

    // The orders export of each day: every line left on an order, and how its bill was paid.
    const byRow = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.join().localeCompare(b.join());
    for (const { date } of perDay) {
      const orders = await csvAt(`/api/admin/orders/export.csv?store_id=${DEMO_STORE}&date=${date}`);
      const rows = orders.slice(1).map((c) => [c[0]!, c[4]!, Number(c[5]), Number(c[6]), Number(c[7]), c[9]!]);
      expect(rows.sort(byRow), date).toEqual(orderLinesFromEvents(log, DEMO_STORE, date).sort(byRow));
    }
  });
});

/** By hour (Tokyo) from the log: checkouts with a payment by when they ended, and receipts by when they were issued. */
function hoursFromEvents(log: readonly LoggedEvent[], from: string, to: string) {
  const hours = new Map<number, [number, number]>();
  const inRange = (at: string) => {
    const date = tokyoDateOf(new Date(at));
    return date >= from && date <= to;
  };
  const hourOf = (at: string) => Math.floor(tokyoDateTime(new Date(at)).minute / 60);
  const add = (at: string, count: number, total: number) => {
    const h = hours.get(hourOf(at)) ?? [0, 0];
    hours.set(hourOf(at), [h[0] + count, h[1] + total]);
  };
  for (const e of log) {
    if (e.type === 'CheckedOut' && e.data.payment && inRange(e.data.exitedAt as string)) add(e.data.exitedAt as string, 1, 0);
    if (e.type === 'ReceiptIssued' && e.data.storeId === DEMO_STORE && inRange(e.data.issuedAt as string))
      add(e.data.issuedAt as string, 0, e.data.total as number);
  }
  return [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([hour, [count, total]]) => [hour, count, total]);
}

/** What the visits of the range's reservations paid at checkout, from the log. */
function paidFromEvents(log: readonly LoggedEvent[], from: string, to: string) {
  return log
    .filter((e) => e.type === 'CheckedOut' && e.data.payment)
    .filter((e) => {
      const date = e.data.date as string;
      return date >= from && date <= to;
    })
    .reduce((n, e) => n + (e.data.payment as { total: number }).total, 0);
}
