import type { Receipt } from '@moncafe/domain/billing/billing';
import type { RateTotal } from '@moncafe/domain/billing/events';

/** A receipt as `GET /api/receipts/{id}` answers it (issue 30 item 6). */
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
    totals_by_rate: receipt.totalsByRate.map(rateAnswer),
    total: receipt.total,
    prices_include_tax: receipt.pricesIncludeTax,
    payment_method: receipt.paymentMethod,
    addressee: receipt.addressee,
    proviso: receipt.proviso,
    reissue: receipt.reissued > 0,
  };
}

export function rateAnswer(r: RateTotal) {
  return { rate: r.ratePercent, reduced: r.reduced, amount: r.total, base: r.base, tax: r.tax };
}

export type ReceiptAnswer = ReturnType<typeof receiptAnswer>;
