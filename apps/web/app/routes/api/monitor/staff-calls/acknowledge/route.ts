import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { floorCallErrors } from '#app/floor/call-errors';

/** POST /api/monitor/staff-calls/acknowledge {reservation_id, call_id} (monitor/admin, decision 281): staff answer a table's call. */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reservation_id: z.uuid(), call_id: z.uuid(), store_id: z.string().max(64).nullable().default(null) }),
  errors: floorCallErrors,
  async handle({ body, services, caller, correlationId }) {
    const staff = await caller();
    await services.staffCalls.acknowledge({
      reservationId: body.reservation_id,
      callId: body.call_id,
      storeId: body.store_id,
      actor: staff.id,
      correlationId,
    });
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
