import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { paymentMethodSchema, uuidSchema } from '#app/table-order/call-schemas';
import { billingErrors } from '#app/billing/call-errors';
import { receiptAnswer, receiptPath, receiptWordingFields, receiptWordingOf } from '#app/billing/receipt-link.server';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * POST /api/orders/split/pay {reservation_id, part_id, payment_method, addressee?, proviso?}:
 * one part of a split bill paid by its own method, with its own receipt (issue 30 item 3). When
 * it was the last, the visit checks out: `exited_at` and every part's `receipt_ids`.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    reservation_id: uuidSchema,
    part_id: uuidSchema,
    payment_method: paymentMethodSchema,
    ...receiptWordingFields,
  }),
  errors: billingErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    await input.readAllWrites();
    const paid = await services.billing.payPart({
      reservationId: body.reservation_id,
      auth: await tableAuthOf(input),
      partId: body.part_id,
      method: body.payment_method,
      ...receiptWordingOf(body),
      correlationId,
    });
    await input.readYourWrites(paid.position);
    const receipts = paid.allPaid ? await input.queries.receipts.ofVisit(body.reservation_id) : [];
    const sales = receipts.filter((r) => r.kind === 'sale');
    return {
      success: true as const,
      part_id: paid.part.partId,
      label: paid.part.label,
      total: paid.part.total,
      payment_method: body.payment_method,
      ...receiptAnswer(input.runtime.signing, paid.receipt),
      all_paid: paid.allPaid,
      exited_at: paid.exitedAt,
      receipt_ids: sales.map((r) => r.id),
      receipt_urls: sales.map((r) => receiptPath(input.runtime.signing, r.id)),
    };
  },
});

export type Answer = AnswerOf<typeof action>;
