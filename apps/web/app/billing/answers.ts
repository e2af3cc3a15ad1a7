import type { Receipt } from '@moncafe/domain/billing/billing-service';
import type { RateTotal } from '@moncafe/domain/billing/events';

/** A receipt as `GET /api/receipts/{id}` answers it (decision 240). */
export function receiptAnswer(receipt: Receipt) {
  return {
    success: true as const,
    id: receipt.receiptId,
    number: receipt.number,
    kind: receipt.kind,
    cancels: receipt.cancels ? { receipt_id: receipt.cancels.receiptId, number: receipt.cancels.number, reason: receipt.cancels.reason } : null,
    cancelled_by: receipt.cancelledBy,
    issuer_name: receipt.issuerName,
    registration_number: receipt.registrationNumber,
    issued_at: receipt.issuedAt,
    reservation_id: receipt.reservationId,
    part_label: receipt.partLabel,
    lines: receipt.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      amount: l.amount,
      rate: l.ratePercent,
      reduced: l.reduced,
      takeout: l.takeout,
    })),
    /** The bill's discounts under its lines (decision 642): the lines sum to the amount before them. */
    discounts: (receipt.discounts ?? []).map((d) => ({ reason: d.reason, amount: d.amount })),
    totals_by_rate: receipt.totalsByRate.map(rateAnswer),
    total: receipt.total,
    prices_include_tax: receipt.pricesIncludeTax,
    payment_method: receipt.paymentMethod,
    tendered: receipt.tendered ?? null,
    change: receipt.change ?? null,
    addressee: receipt.addressee,
    proviso: receipt.proviso,
    reissue: receipt.reissued > 0,
  };
}

export function rateAnswer(r: RateTotal) {
  return { rate: r.ratePercent, reduced: r.reduced, amount: r.total, base: r.base, tax: r.tax };
}

export type ReceiptAnswer = ReturnType<typeof receiptAnswer>;

/**
 * An equal part of a split bill (decision 350): its receipt lists the whole bill's lines, whose sum
 * is not this part's; the receipt then says so and heads the part's share. The lines are priced as
 * the store prices (tax included or not), so their sum is set against the part's amounts priced
 * the same way, and `taxExcluded` tells the view to say so beside the sum. Null otherwise.
 */
export function equalShareOf(
  receipt: Pick<ReceiptAnswer, 'part_label' | 'lines' | 'total' | 'totals_by_rate' | 'prices_include_tax'>,
): { wholeTotal: number; taxExcluded: boolean } | null {
  if (!receipt.part_label) return null;
  const wholeTotal = receipt.lines.reduce((sum, l) => sum + l.amount, 0);
  const partTotal = receipt.prices_include_tax ? receipt.total : receipt.totals_by_rate.reduce((sum, r) => sum + r.base, 0);
  return wholeTotal === partTotal ? null : { wholeTotal, taxExcluded: !receipt.prices_include_tax };
}
