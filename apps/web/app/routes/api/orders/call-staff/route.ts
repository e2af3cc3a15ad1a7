import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { floorCallErrors } from '#app/floor/call-errors';
import { visitSecretSchema } from '#app/table-order/call-schemas';

/**
 * POST /api/orders/call-staff {token} (decision 281): the guest's 「スタッフを呼ぶ」 with its live
 * table-order token; the floor view hears `staff-called` live. Pressed again while the call waits,
 * it answers the same call.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ token: visitSecretSchema }),
  errors: floorCallErrors,
  async handle({ body, services, correlationId }) {
    const call = await services.staffCalls.call({ token: body.token, correlationId });
    return { success: true as const, call_id: call.callId, called_at: call.calledAt };
  },
});

export type Answer = AnswerOf<typeof action>;
