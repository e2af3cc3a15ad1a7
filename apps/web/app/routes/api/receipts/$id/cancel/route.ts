import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { billingErrors } from '#app/billing/call-errors';

/**
 * POST /api/receipts/{id}/cancel {reason} (admin or monitor): a refund or correction issues a
 * cancelling receipt (赤伝) with the next number, referencing the original, which stays as issued.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reason: z.string().trim().min(1).max(200) }),
  errors: billingErrors,
  async handle(input) {
    const receiptId = z.uuid().safeParse(input.params.id);
    const user = await input.user();
    if (!receiptId.success || !user) return refuse(404, 'receipt_not_found');
    await input.readAllWrites();
    const done = await input.services.billing.cancel({
      receiptId: receiptId.data,
      reason: input.body.reason,
      actor: user.id,
      correlationId: input.correlationId,
    });
    await input.readYourWrites(done.position);
    return { success: true as const, receipt_id: done.receiptId, number: done.number, cancels: receiptId.data };
  },
});

export type Answer = AnswerOf<typeof action>;
