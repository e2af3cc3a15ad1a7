import { minutesOf } from '@moncafe/domain/calendar/dates';
import type { Queries } from '@moncafe/projections/queries';
import { tokyoDateTimeLabel } from '#app/staff-area/presentation';
import { csvDocument } from './csv';
import { moneyLabels, salesCsvTexts as t } from './register-texts';
import { salesRangeOf, type SalesQuery } from './sales-range';

export const SALES_EXPORTS = ['sales-lines', 'receipts', 'reservations', 'shifts'] as const;
export type SalesExport = (typeof SALES_EXPORTS)[number];

type Cell = string | number | null;
const method = (m: string) => moneyLabels.paymentMethods[m] ?? m;

/** Hours of a shift (end − start, to the minute) and the pay for them at `wage` yen an hour, rounded down. */
export function shiftPay(start: string, end: string, wage: number | null): { minutes: number; hours: number; pay: number | null } {
  const minutes = Math.max(0, minutesOf(end) - minutesOf(start));
  return { minutes, hours: Math.round((minutes / 60) * 100) / 100, pay: wage === null ? null : Math.floor((minutes * wage) / 60) };
}

/**
 * One CSV export of the sales screen (decision 251), UTF-8 with a BOM (csv.ts), ending with a
 * totals row: the amounts add up to the screen's figures for the same range. For all stores
 * together (全店舗, decision 408) every row begins with its store's name (decision 413).
 */
export async function salesCsv(queries: Queries, kind: SalesExport, query: SalesQuery): Promise<string> {
  const range = salesRangeOf(query);
  const { rows, total } = await exportRows(queries, kind, range);
  if (range.storeId !== null) return csvDocument([t[kind], ...rows.map((r) => r.cells), total]);
  // Closed stores too: their history is in the range.
  const names = new Map((await queries.stores.list({ closed: true })).map((s) => [s.store_id, s.name]));
  return csvDocument([[t.store, ...t[kind]], ...rows.map((r) => [names.get(r.store) ?? r.store, ...r.cells]), [t.totalRow, null, ...total.slice(1)]]);
}

/** An export's rows, each with its store, and its totals row (its first cell 合計). */
async function exportRows(
  queries: Queries,
  kind: SalesExport,
  range: ReturnType<typeof salesRangeOf>,
): Promise<{ rows: { store: string; cells: Cell[] }[]; total: Cell[] }> {
  const row = (store: string, cells: Cell[]) => ({ store, cells });
  switch (kind) {
    case 'sales-lines': {
      const lines = await queries.sales.lines(range);
      const rows = lines.map((l) =>
        row(l.store_id, [
          l.business_date,
          tokyoDateTimeLabel(new Date(l.paid_at).toISOString()),
          l.reservation_id,
          l.order_id,
          l.seat_label,
          l.menu_id,
          l.menu_name,
          l.quantity,
          l.price,
          l.quantity * l.price,
          l.methods.map(method).join('・'),
        ]),
      );
      const sum = lines.reduce((n, l) => n + l.quantity * l.price, 0);
      return { rows, total: [t.totalRow, null, null, null, null, null, null, lines.reduce((n, l) => n + l.quantity, 0), null, sum, null] };
    }
    case 'receipts': {
      const [receipts, payments] = await Promise.all([queries.sales.receipts(range), queries.sales.paymentsWithoutReceipts(range)]);
      const rates = (list: readonly { ratePercent: number; reduced: boolean; base: number; tax: number }[]) =>
        list.map((r) => `${moneyLabels.rate(r.ratePercent, r.reduced)} ${r.base}/${r.tax}`).join(' ');
      const money = [...receipts.map((r) => ({ total: r.total, tax: r.tax })), ...payments.map((p) => ({ total: p.total, tax: p.tax }))];
      const rows = [
        ...receipts.map((r) =>
          row(r.store_id, [
            r.business_date,
            tokyoDateTimeLabel(r.issued_at.toISOString()),
            r.number,
            t.receiptKinds[r.kind] ?? r.kind,
            r.cancels_number,
            r.cancel_reason,
            r.reservation_id,
            method(r.payment_method),
            rates(r.totals_by_rate),
            r.total - r.tax,
            r.tax,
            r.total,
          ]),
        ),
        ...payments.map((p) =>
          row(p.store_id, [
            p.business_date,
            tokyoDateTimeLabel(p.paid_at.toISOString()),
            null,
            t.receiptKinds.payment!,
            null,
            null,
            p.reservation_id,
            method(p.method),
            null,
            p.subtotal,
            p.tax,
            p.total,
          ]),
        ),
      ];
      const tax = money.reduce((n, m) => n + m.tax, 0);
      const total = money.reduce((n, m) => n + m.total, 0);
      return { rows, total: [t.totalRow, null, null, null, null, null, null, null, null, total - tax, tax, total] };
    }
    case 'reservations': {
      const reservations = await queries.sales.reservations(range);
      const rows = reservations.map((r) =>
        row(r.store_id, [
          r.reservation_date,
          r.reservation_time.slice(0, 5),
          r.reservation_number,
          r.id,
          r.customer_name,
          r.people,
          r.status ? (t.statuses[r.status] ?? r.status) : null,
          t.origins[r.origin] ?? r.origin,
          r.price,
          r.paid_total,
          // Booked against billed (decision 633): what staff changed at the table shows as the difference.
          r.course_booked,
          r.course_billed,
          r.course_booked !== null && r.course_billed !== null ? r.course_billed - r.course_booked : null,
        ]),
      );
      return {
        rows,
        total: [
          t.totalRow,
          null,
          null,
          null,
          null,
          reservations.reduce((n, r) => n + r.people, 0),
          null,
          null,
          null,
          reservations.reduce((n, r) => n + (r.paid_total ?? 0), 0),
          reservations.reduce((n, r) => n + (r.course_booked ?? 0), 0),
          reservations.reduce((n, r) => n + (r.course_billed ?? 0), 0),
          reservations.reduce((n, r) => n + (r.course_booked !== null && r.course_billed !== null ? r.course_billed - r.course_booked : 0), 0),
        ],
      };
    }
    case 'shifts': {
      const shifts = await queries.sales.shifts(range);
      const paid = shifts.map((s) => ({ s, ...shiftPay(s.start_time, s.end_time, s.wage) }));
      const rows = paid.map(({ s, hours, pay }) => row(s.store_id, [s.shift_date, s.user_id, s.name, s.start_time, s.end_time, hours, s.wage, pay]));
      const minutes = paid.reduce((n, p) => n + p.minutes, 0);
      return {
        rows,
        total: [t.totalRow, null, null, null, null, Math.round((minutes / 60) * 100) / 100, null, paid.reduce((n, p) => n + (p.pay ?? 0), 0)],
      };
    }
  }
}
