import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { discountErrors } from '#app/billing/discount-errors';

/**
 * POST /api/orders/discount/remove {reservation_id, discount_id} (monitor/admin of the party's
 * store, decision 642): takes a discount back before the checkout. Answers the bill without it.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reservation_id: uuidSchema, discount_id: z.string().max(64) }),
  errors: discountErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const actor = (await caller()).id;
    const removed = await services.billing.removeDiscount({
      reservationId: body.reservation_id,
      discountId: body.discount_id,
      actor,
      correlationId,
    });
    await readYourWrites(removed.position);
    return billAnswer(removed.bill, removed.split);
  },
});

export type Answer = AnswerOf<typeof action>;
