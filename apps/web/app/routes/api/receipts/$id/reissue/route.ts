import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { billingErrors } from '#app/billing/call-errors';

/** POST /api/receipts/{id}/reissue (admin or monitor): the receipt is printed again; from now on it says 再発行. */
export const action = jsonCall({
  errors: billingErrors,
  async handle(input) {
    const receiptId = z.uuid().safeParse(input.params.id);
    const user = await input.user();
    if (!receiptId.success || !user) return refuse(404, 'receipt_not_found');
    await input.readAllWrites();
    const done = await input.services.billing.reissue({ receiptId: receiptId.data, actor: user.id, correlationId: input.correlationId });
    await input.readYourWrites(done.position);
    return { success: true as const, reissue: true };
  },
});

export type Answer = AnswerOf<typeof action>;
