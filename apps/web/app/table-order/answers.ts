import type { Bill } from '@moncafe/domain/table/checkout-service';
import type { IssuedToken } from '@moncafe/domain/table/table-service';
import type { BillingService } from '@moncafe/domain/billing/billing-service';
import { courseBillLines } from '@moncafe/domain/billing/course-lines';
import { isReduced } from '@moncafe/domain/billing/tax-math';
import { rateAnswer } from '#app/billing/answers';
import type { OrderRow } from '@moncafe/projections/orders/queries';
import type { Queries } from '@moncafe/projections/queries';

/** An order as the calls answer it: the spec's fields (id, seat_label, seat_id, order_time, updated_at, items) and its status. */
export function orderAnswer(row: OrderRow) {
  return {
    id: row.id,
    reservation_id: row.reservation_id,
    seat_id: row.seat_id,
    seat_label: row.seat_label,
    status: row.status,
    order_time: row.order_time.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    items: row.items,
    subtotal: row.subtotal,
  };
}

/**
 * The English names of a bill's items (decision 392): the order lines keep the Japanese name they
 * were ordered under; the guest's English checkout shows the menu's English name where it has one.
 */
export async function englishNamesOf(queries: Queries, bill: Bill): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set([...bill.courses.map((c) => c.menuId), ...bill.orders.flatMap((o) => o.lines.map((l) => l.menuId))])];
  const items = await queries.menus.list({ ids });
  return new Map(items.filter((i) => i.name_en).map((i) => [i.id, i.name_en]));
}

/** The checkout answer (GET /api/orders/checkout): success, order_items, seat_label, and the totals. */
export function billAnswer(
  bill: Bill,
  split: Awaited<ReturnType<BillingService['bill']>>['split'] = null,
  englishNames: ReadonlyMap<string, string> = new Map(),
) {
  return {
    success: true as const,
    reservation_id: bill.reservationId,
    seat_label: bill.seatLabel,
    order_ids: bill.orders.map((o) => o.orderId),
    // One item per bill line, in the bill's order: the booked courses and their options first
    // (decision 630, no order id), then the orders' lines; a split by items names these indexes.
    order_items: [
      ...courseBillLines(bill.courses).map((c) => ({
        order_id: null,
        menu_id: c.menuId,
        menu_name: c.name,
        menu_name_en: c.kind === 'course' ? (englishNames.get(c.menuId) ?? '') : '',
        quantity: c.quantity,
        takeout: false,
        reduced: isReduced(c),
        course: c.kind,
      })),
      ...bill.orders
        .flatMap((o) => o.lines.map((l) => ({ o, l })))
        .map(({ o, l }) => ({
          order_id: o.orderId as string | null,
          menu_id: l.menuId,
          menu_name: l.name,
          menu_name_en: englishNames.get(l.menuId) ?? '',
          quantity: l.quantity,
          takeout: l.takeout,
          reduced: isReduced(l),
          course: null as 'course' | 'option' | null,
        })),
    ].map((item, i) => ({
      ...item,
      // The unit price as the guest was shown it, tax included (decision 500).
      price: bill.lines[i]!.unitPrice,
      rate: bill.lines[i]!.ratePercent,
    })),
    /** The booked courses (decision 630): what was booked, what is billed, and what the kitchen reads of their options. */
    courses: bill.courses.map((c) => ({
      reservation_id: c.reservationId,
      menu_id: c.menuId,
      name: c.name,
      booked: c.booked,
      quantity: c.quantity,
      options: c.options,
    })),
    subtotal: bill.subtotal,
    /** The discounts on the bill (decision 642), in the order given: the yen each comes to now, and who gave it. */
    discounts: bill.discounts.map(({ discount: d, amount }) => ({
      id: d.discountId,
      kind: d.kind,
      value: d.value,
      reason: d.reason,
      order_id: d.orderId,
      amount,
      given_by: d.by,
      given_at: d.givenAt,
    })),
    /** Discounts given that no longer fit the bill (their order voided): not applied. */
    lapsed_discounts: bill.lapsedDiscounts.map((d) => ({ id: d.discountId, reason: d.reason })),
    discount: bill.discount,
    tax: bill.tax,
    total: bill.total,
    tax_rate: bill.taxRule.ratePercent,
    // The bill's prices are the shown ones, tax included, whatever the menu's setting (decision 500).
    prices_include_tax: true,
    /** The total and the tax per rate, each rate's tax rounded once (decision 240). */
    totals_by_rate: bill.totalsByRate.map(rateAnswer),
    split: split && {
      mode: split.mode,
      parts: split.parts.map((p) => ({
        part_id: p.partId,
        label: p.label,
        total: p.total,
        totals_by_rate: p.totalsByRate.map(rateAnswer),
        lines: p.lines.map((l) => ({ name: l.name, quantity: l.quantity, amount: l.amount, reduced: l.reduced })),
        paid: p.paid && { payment_method: p.paid.paymentMethod, receipt_id: p.paid.receiptId, receipt_number: p.paid.receiptNumber },
      })),
    },
    exited_at: bill.exitedAt,
  };
}

/** A phone's opened visit as the check-in and join calls answer it: its token, reservation, seat and store. */
export function visitAnswer(visit: IssuedToken) {
  return {
    success: true as const,
    reservation_id: visit.reservationId,
    token: visit.token,
    valid_until: visit.validUntil,
    store_id: visit.storeId,
    seat_id: visit.seatId,
    seat_name: visit.seatName,
    /** The party's size when the phone did not give it (a pass): a walk-in of 3 reads as 3 on every phone. */
    number_of_people: visit.people ?? null,
  };
}
