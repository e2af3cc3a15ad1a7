import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { receiptAnswer } from '#app/billing/answers';
import { billingErrors } from '#app/billing/call-errors';
import { receiptAuthOf } from '#app/billing/receipt-auth.server';

/**
 * GET /api/receipts/{id}: the receipt as JSON (decision 240) for staff, for one of the
 * visit's own tokens (`Authorization: Bearer …`), or with the guest link's `key`.
 */
export const loader = jsonCall({
  query: z.object({ key: z.string().max(64).optional() }),
  errors: billingErrors,
  async handle(input) {
    const receiptId = z.uuid().safeParse(input.params.id);
    if (!receiptId.success) return refuse(404, 'receipt_not_found');
    const auth = await receiptAuthOf(input, receiptId.data, input.query.key ?? null);
    return receiptAnswer(await input.services.billing.receipt({ receiptId: receiptId.data, auth }));
  },
});

export type Answer = AnswerOf<typeof loader>;
