import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';
import { billingErrors } from '#app/billing/call-errors';
import { paymentFields, paymentOf, receiptAnswer } from '#app/billing/payment-call.server';
import { receiptPath } from '#app/billing/receipt-link.server';

/**
 * POST /api/orders/split/pay {reservation_id, part_id, payment_method, addressee?, proviso?, tendered?}:
 * one part of a split bill paid by its own method, with its own receipt (decision 240). When
 * it was the last, the visit checks out: `exited_at` and every part's `receipt_ids`.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ ...paymentFields, part_id: uuidSchema }),
  errors: billingErrors,
  async handle(input) {
    const { body } = input;
    const paid = await input.services.billing.payPart({ ...(await paymentOf(input)), partId: body.part_id });
    await input.readYourWrites(paid.position);
    const receipts = paid.allPaid ? await input.queries.receipts.ofVisit(body.reservation_id) : [];
    const sales = receipts.filter((r) => r.kind === 'sale');
    return {
      success: true as const,
      part_id: paid.part.partId,
      label: paid.part.label,
      total: paid.part.total,
      payment_method: body.payment_method,
      tendered: paid.tendered,
      change: paid.change,
      ...receiptAnswer(input, paid.receipt),
      all_paid: paid.allPaid,
      exited_at: paid.exitedAt,
      receipt_ids: sales.map((r) => r.id),
      receipt_urls: sales.map((r) => receiptPath(input.runtime.signing, r.id)),
    };
  },
});

export type Answer = AnswerOf<typeof action>;
