import type { Receipt } from '@moncafe/domain/billing/billing-service';
import type { RateTotal } from '@moncafe/domain/billing/events';
import type { PartReceipt } from '@moncafe/domain/billing/part-receipts';

const numbered = (r: { receiptId: string; number: number }) => ({ receipt_id: r.receiptId, number: r.number });

/**
 * A receipt as `GET /api/receipts/{id}` answers it (decision 240), with an equal part's whole bill
 * and its bill's part receipts (decision 647) and a correction's references both ways (decision 648).
 */
export function receiptAnswer(receipt: Receipt & { partReceipts?: PartReceipt[] }) {
  return {
    success: true as const,
    id: receipt.receiptId,
    number: receipt.number,
    kind: receipt.kind,
    cancels: receipt.cancels ? { receipt_id: receipt.cancels.receiptId, number: receipt.cancels.number, reason: receipt.cancels.reason } : null,
    cancelled_by: receipt.cancelledBy,
    /** On a corrected receipt: the receipt it corrects, the 赤伝 that cancelled that one, and why. */
    corrects: receipt.corrects
      ? {
          ...numbered(receipt.corrects),
          cancellation: numbered({ receiptId: receipt.corrects.cancellationId, number: receipt.corrects.cancellationNumber }),
          reason: receipt.corrects.reason,
        }
      : null,
    /** On a correction's 赤伝: the corrected receipt issued in place of the cancelled one. */
    replaced_by: receipt.replacedBy ? numbered(receipt.replacedBy) : null,
    /** On a receipt that was corrected: its corrected receipt. */
    corrected_by: receipt.correctedBy ? numbered(receipt.correctedBy) : null,
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
    /** An equal part's whole bill: its total, per rate, how many parts, and the parts' receipts now. */
    whole_bill: receipt.wholeBill
      ? {
          total: receipt.wholeBill.total,
          totals_by_rate: receipt.wholeBill.totalsByRate.map(rateAnswer),
          parts: receipt.wholeBill.parts,
          part_receipts: (receipt.partReceipts ?? []).map((r) => ({ ...numbered(r), label: r.partLabel ?? '' })),
        }
      : null,
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
