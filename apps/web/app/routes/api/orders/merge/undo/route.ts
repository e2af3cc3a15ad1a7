import { z } from 'zod';
import { mergeCallErrors } from '#app/floor/call-errors';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';

/**
 * POST /api/orders/merge/undo {reservation_id, other_reservation_id} (monitor/admin, decision 370):
 * before checkout, the merge is undone — both parties have their own seats, people and orders again.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reservation_id: uuidSchema, other_reservation_id: uuidSchema }),
  errors: mergeCallErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const actor = (await caller()).id;
    const undone = await services.partyMerge.undo({ reservationId: body.reservation_id, otherId: body.other_reservation_id, actor, correlationId });
    await readYourWrites(undone.position);
    return { success: true as const, reservation_id: undone.reservationId };
  },
});

export type Answer = AnswerOf<typeof action>;
