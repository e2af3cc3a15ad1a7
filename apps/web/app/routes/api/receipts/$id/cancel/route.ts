import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billingErrors, receiptCallOf } from '#app/billing/call-errors';

/**
 * POST /api/receipts/{id}/cancel {reason} (admin or monitor): a refund or correction issues a
 * cancelling receipt (赤伝) with the next number, referencing the original, which stays as issued.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reason: z.string().trim().min(1).max(200) }),
  errors: billingErrors,
  async handle(input) {
    const { receiptId, actor } = await receiptCallOf(input);
    const done = await input.services.billing.cancel({ receiptId, reason: input.body.reason, actor, correlationId: input.correlationId });
    await input.readYourWrites(done.position);
    return { success: true as const, receipt_id: done.receiptId, number: done.number, cancels: receiptId };
  },
});

export type Answer = AnswerOf<typeof action>;
