import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { discountErrors } from '#app/billing/discount-errors';

/**
 * POST /api/orders/discount {reservation_id, kind: 'percent'|'yen', value, reason, order_id?}
 * (monitor/admin of the party's store, decision 642): a discount on the whole bill, or on one
 * order's lines, with a reason; who gave it is the signed-in staff. The value is any number here
 * so that a negative or fractional one gets the domain's own words. Answers the bill with it.
 * After the checkout it is refused: a refund is a 赤伝.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    reservation_id: uuidSchema,
    kind: z.enum(['percent', 'yen']),
    value: z.number(),
    reason: z.string().max(200),
    order_id: z.string().max(64).nullish(),
  }),
  errors: discountErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const actor = (await caller()).id;
    const given = await services.billing.giveDiscount({
      reservationId: body.reservation_id,
      kind: body.kind,
      value: body.value,
      reason: body.reason,
      orderId: body.order_id ?? null,
      actor,
      correlationId,
    });
    await readYourWrites(given.position);
    return { ...billAnswer(given.bill, given.split), discount_id: given.discountId };
  },
});

export type Answer = AnswerOf<typeof action>;
