import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import { menuCategory } from '@moncafe/domain/catalog/menu-category';
import { expect } from 'vitest';
import type { Answer as DailyCloseAnswer } from '../../apps/web/app/routes/api/admin/daily-close/route';
import type { HttpClient } from '../support/http-client';

/**
 * The event log as /api/admin/database/export gives it, and a business day's figures summed from
 * it by hand (decision 250): what the daily close must equal, computed without the read models.
 */
export interface LoggedEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: { storeId: string | null; actor: string };
}

export async function eventLog(admin: HttpClient): Promise<LoggedEvent[]> {
  const response = await admin.get('/api/admin/database/export');
  if (response.status !== 200) throw new Error(`export: ${response.status}`);
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('{"position"'))
    .map((line) => JSON.parse(line) as LoggedEvent);
}

type Payment = { method: string; subtotal: number; tax: number; total: number; orderIds: string[] };
const reservationOf = (streamId: string) => streamId.slice('reservation-'.length);

/** The day's figures from the events: checkouts (by the Tokyo date they ended), the orders they paid and the menus' categories. */
export function figuresFromEvents(events: readonly LoggedEvent[], storeId: string, date: string) {
  const storeOf = new Map<string, string>();
  const people = new Map<string, number>();
  const mergedInto = new Set<string>();
  const category = new Map<string, string>();
  const lines = new Map<string, { menuId: string; price: number; quantity: number }[]>();
  const checkouts: { reservationId: string; payment: Payment | null }[] = [];
  for (const e of events) {
    const d = e.data;
    if (e.type === 'WalkInSeated' || e.type === 'ReservationRequested') {
      storeOf.set(d.reservationId as string, d.storeId as string);
      people.set(d.reservationId as string, d.people as number);
    } else if (e.type === 'ReservationMoved' && typeof d.people === 'number') people.set(reservationOf(e.streamId), d.people);
    else if (e.type === 'CustomerArrived') people.set(reservationOf(e.streamId), d.people as number);
    // A merge makes the host the joined party; the party merged into it ends with the host (decision 370).
    else if (e.type === 'PartyMerged' || e.type === 'PartyMergeUndone') people.set(reservationOf(e.streamId), d.people as number);
    else if (e.type === 'MergedIntoParty') mergedInto.add(reservationOf(e.streamId));
    else if (e.type === 'MergeUndone') mergedInto.delete(reservationOf(e.streamId));
    else if (e.type === 'RecordSaved' && d.kind === 'menu') {
      const menu = d.data as { name: string; category: MenuCategory | null };
      category.set(d.id as string, menuCategory({ name: menu.name, category: menu.category ?? null }));
    } else if (e.type === 'OrderPlaced') lines.set(d.orderId as string, d.lines as { menuId: string; price: number; quantity: number }[]);
    else if (e.type === 'CheckedOut' && tokyoDateOf(new Date(d.exitedAt as string)) === date)
      checkouts.push({ reservationId: reservationOf(e.streamId), payment: d.payment as Payment | null });
  }
  const ofStore = checkouts.filter((c) => storeOf.get(c.reservationId) === storeId);
  const paid = ofStore.flatMap((c) => (c.payment ? [c.payment] : []));
  const paidVisits = ofStore.filter((c) => c.payment !== null);
  // Money is the receipts' (decision 240): a cancelling receipt is negative; a checkout without any receipt counts by its payment.
  const receipts = events.filter((e) => e.type === 'ReceiptIssued' && e.data.storeId === storeId && tokyoDateOf(new Date(e.data.issuedAt as string)) === date);
  const withReceipt = new Set(events.filter((e) => e.type === 'ReceiptIssued').map((e) => e.data.reservationId as string));
  const takings = [
    ...receipts.map((e) => ({
      method: e.data.paymentMethod as string,
      total: e.data.total as number,
      tax: (e.data.totalsByRate as { tax: number }[]).reduce((n, r) => n + r.tax, 0),
      rates: e.data.totalsByRate as { ratePercent: number; reduced: boolean; base: number; tax: number; total: number }[],
      refund: e.data.kind === 'cancellation' ? (e.data.cancels as { reason: string }).reason : null,
      // A correction's 赤伝 (decision 648) names the receipt issued in its sale's place: no refund.
      correction: e.data.kind === 'cancellation' && e.data.replacedBy != null,
    })),
    ...ofStore.flatMap((c) =>
      c.payment && !withReceipt.has(c.reservationId)
        ? [
            {
              method: c.payment.method,
              total: c.payment.total,
              tax: c.payment.tax,
              rates: [{ ratePercent: 10, reduced: false, base: c.payment.subtotal, tax: c.payment.tax, total: c.payment.total }],
              refund: null,
              correction: false,
            },
          ]
        : [],
    ),
  ];
  const byRate: Record<string, { taxable: number; tax: number; total: number }> = {};
  for (const r of takings.flatMap((t) => t.rates)) {
    const line = (byRate[`${r.ratePercent}${r.reduced ? '軽' : ''}`] ??= { taxable: 0, tax: 0, total: 0 });
    line.taxable += r.base;
    line.tax += r.tax;
    line.total += r.total;
  }
  const refunds: Record<string, { count: number; amount: number }> = {};
  const corrections: Record<string, { count: number; amount: number }> = {};
  for (const t of takings) {
    if (t.refund === null) continue;
    const line = ((t.correction ? corrections : refunds)[t.refund] ??= { count: 0, amount: 0 });
    line.count += 1;
    line.amount -= t.total;
  }
  // The discounts as the day's receipts printed them, by reason (decisions 642, 645): a 赤伝 takes its sale's back.
  const discounts: Record<string, { count: number; amount: number }> = {};
  for (const e of receipts)
    for (const d of (e.data.discounts as { reason: string; amount: number }[] | null | undefined) ?? []) {
      const line = (discounts[d.reason] ??= { count: 0, amount: 0 });
      line.count += e.data.kind === 'cancellation' ? -1 : 1;
      line.amount += d.amount;
    }
  const total = takings.reduce((n, t) => n + t.total, 0);
  const tax = takings.reduce((n, t) => n + t.tax, 0);
  const byMethod: Record<string, { count: number; total: number }> = {};
  for (const t of takings) {
    const m = (byMethod[t.method] ??= { count: 0, total: 0 });
    if (t.refund === null) m.count += 1;
    else if (t.correction) m.count -= 1;
    m.total += t.total;
  }
  const byCategory: Record<string, { quantity: number; amount: number }> = {};
  for (const line of paid.flatMap((p) => p.orderIds.flatMap((id) => lines.get(id) ?? []))) {
    const c = (byCategory[category.get(line.menuId) ?? 'food'] ??= { quantity: 0, amount: 0 });
    c.quantity += line.quantity;
    c.amount += line.quantity * line.price;
  }
  return {
    sales: { count: paid.length, subtotal: total - tax, tax, total },
    byMethod,
    byRate,
    byCategory,
    // Decision 515: 組数 are the visits that ended, a merged party once; 客数 the guests of the checkouts.
    visits: ofStore.filter((c) => !mergedInto.has(c.reservationId)).length,
    guests: paidVisits.reduce((n, c) => n + (people.get(c.reservationId) ?? 0), 0),
    cashExpected: byMethod.cash?.total ?? 0,
    voids: voidsOf(
      events.filter((e) => e.metadata.storeId === storeId && typeof e.data.voidedAt === 'string' && tokyoDateOf(new Date(e.data.voidedAt)) === date),
    ),
    refunds,
    corrections,
    discounts: Object.fromEntries(Object.entries(discounts).filter(([, d]) => d.count !== 0 || d.amount !== 0)),
  };
}

/** The voids of the log (decision 283) by reason: a line's price × quantity, or every line of an order voided whole. */
function voidsOf(events: readonly LoggedEvent[]) {
  type Line = { price: number; quantity: number };
  const byReason = new Map<string, { reason: string; count: number; amount: number }>();
  for (const e of events) {
    if (e.type !== 'OrderLineVoided' && e.type !== 'OrderVoided') continue;
    const lines = e.type === 'OrderVoided' ? (e.data.lines as Line[]) : [e.data as unknown as Line];
    const reason = String(e.data.reason);
    const line = byReason.get(reason) ?? { reason, count: 0, amount: 0 };
    line.count += 1;
    line.amount += lines.reduce((n, l) => n + l.price * l.quantity, 0);
    byReason.set(reason, line);
  }
  const reasons = [...byReason.values()].sort((a, b) => a.reason.localeCompare(b.reason));
  return { count: reasons.reduce((n, r) => n + r.count, 0), amount: reasons.reduce((n, r) => n + r.amount, 0), byReason: reasons };
}

/** Every figure of the close against the same figure summed from the events. */
export function expectFiguresOfEvents(figures: DailyCloseAnswer['figures'], expected: ReturnType<typeof figuresFromEvents>) {
  expect(figures.sales).toEqual(expected.sales);
  expect(Object.fromEntries(figures.byMethod.map((m) => [m.method, { count: m.count, total: m.total }]))).toEqual(expected.byMethod);
  expect(Object.fromEntries(figures.byCategory.map((c) => [c.category, { quantity: c.quantity, amount: c.amount }]))).toEqual(expected.byCategory);
  expect(
    Object.fromEntries(figures.byRate.map((r) => [`${r.ratePercent}${r.reduced ? '軽' : ''}`, { taxable: r.taxable, tax: r.tax, total: r.total }])),
  ).toEqual(expected.byRate);
  expect(figures.visits).toBe(expected.visits);
  expect(figures.guests).toBe(expected.guests);
  expect(figures.cashExpected).toBe(expected.cashExpected);
  expect(figures.voids).toEqual(expected.voids);
  expect(Object.fromEntries(figures.refunds.byReason.map((r) => [r.reason, { count: r.count, amount: r.amount }]))).toEqual(expected.refunds);
  expect(figures.refunds.amount).toBe(Object.values(expected.refunds).reduce((n, r) => n + r.amount, 0));
  expect(Object.fromEntries(figures.discounts.byReason.map((d) => [d.reason, { count: d.count, amount: d.amount }]))).toEqual(expected.discounts);
  expect(figures.discounts.amount).toBe(Object.values(expected.discounts).reduce((n, d) => n + d.amount, 0));
  expect(Object.fromEntries(figures.corrections.byReason.map((c) => [c.reason, { count: c.count, amount: c.amount }]))).toEqual(expected.corrections);
}

const METHOD_LABELS: Record<string, string> = { cash: '現金', credit: 'クレジットカード', electronic: '電子マネー', qr: 'QR決済' };

/**
 * The orders export's rows of a store's Tokyo date from the log (decision 123): each line still on
 * an order placed that day (a voided line or order taken off), as [order, item, quantity, unit price,
 * amount, paid by]. Paid by: the methods of the sale receipts of the checkout that paid the order
 * (a merged party's host, a split paid two ways naming both), else its payment's, else 未会計.
 */
export function orderLinesFromEvents(events: readonly LoggedEvent[], storeId: string, date: string) {
  const lines = new Map<string, { name: string; price: number; quantity: number; menuId: string }[]>();
  const paidBy = new Map<string, { reservationId: string; method: string }>();
  const saleMethods = new Map<string, Set<string>>();
  for (const e of events) {
    const d = e.data;
    const orderId = e.streamId.slice('order-'.length);
    if (e.type === 'OrderPlaced' && d.storeId === storeId && tokyoDateOf(new Date(d.placedAt as string)) === date)
      lines.set(d.orderId as string, [...(d.lines as { name: string; price: number; quantity: number; menuId: string }[])]);
    else if (e.type === 'OrderLineVoided' && lines.has(orderId))
      lines.set(
        orderId,
        lines.get(orderId)!.filter((l) => l.menuId !== d.menuId),
      );
    else if (e.type === 'OrderVoided' && lines.has(orderId)) lines.set(orderId, []);
    else if (e.type === 'CheckedOut' && d.payment) {
      const payment = d.payment as Payment;
      for (const id of payment.orderIds) paidBy.set(id, { reservationId: reservationOf(e.streamId), method: payment.method });
    } else if (e.type === 'ReceiptIssued' && d.kind === 'sale') {
      const methods = saleMethods.get(d.reservationId as string) ?? new Set<string>();
      saleMethods.set(d.reservationId as string, methods.add(d.paymentMethod as string));
    }
  }
  const methodsOf = (orderId: string) => {
    const paid = paidBy.get(orderId);
    if (!paid) return '未会計';
    const methods = [...(saleMethods.get(paid.reservationId) ?? [paid.method])].sort();
    return methods.map((m) => METHOD_LABELS[m] ?? m).join('・');
  };
  return [...lines.entries()].flatMap(([orderId, left]) =>
    left.map((l) => [orderId, l.name, l.quantity, l.price, l.quantity * l.price, methodsOf(orderId)] as (string | number)[]),
  );
}
