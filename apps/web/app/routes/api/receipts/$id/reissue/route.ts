import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billingErrors, receiptCallOf } from '#app/billing/call-errors';

/** POST /api/receipts/{id}/reissue (admin or monitor): the receipt is printed again; from now on it says 再発行. */
export const action = jsonCall({
  errors: billingErrors,
  async handle(input) {
    const { receiptId, actor } = await receiptCallOf(input);
    const done = await input.services.billing.reissue({ receiptId, actor, correlationId: input.correlationId });
    await input.readYourWrites(done.position);
    return { success: true as const, reissue: true };
  },
});

export type Answer = AnswerOf<typeof action>;
