import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer, englishNamesOf } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { billingErrors } from '#app/billing/call-errors';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * POST /api/orders/split {reservation_id, mode: 'equal', parts: N} or {reservation_id, mode:
 * 'items', parts: [[{line, quantity}], …]} (`line`: the index in the bill's order_items) by staff
 * or the visit's own token (decision 240): answers the bill with its split.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reservation_id: uuidSchema }).and(
    z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('equal'), parts: z.number().int().min(2).max(20) }),
      z.object({
        mode: z.literal('items'),
        parts: z
          .array(z.array(z.object({ line: z.number().int().min(0).max(2000), quantity: z.number().int().min(1).max(99) })).max(500))
          .min(2)
          .max(20),
      }),
    ]),
  ),
  errors: billingErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    await input.readAllWrites();
    const auth = await tableAuthOf(input);
    const request = body.mode === 'equal' ? { mode: 'equal' as const, parts: body.parts } : { mode: 'items' as const, parts: body.parts };
    await services.billing.split({ reservationId: body.reservation_id, auth, request, correlationId });
    const { bill, split } = await services.billing.bill({ reservationId: body.reservation_id, auth });
    return billAnswer(bill, split, await englishNamesOf(input.queries, bill));
  },
});

export type Answer = AnswerOf<typeof action>;
