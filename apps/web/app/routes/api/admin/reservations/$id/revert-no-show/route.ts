import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { scheduleErrors } from '#app/schedule/answers.server';

/**
 * POST /api/admin/reservations/{id}/revert-no-show {reason} (admin only, decision 156): takes a
 * no-show back, saying why; the status it had before returns. The seat is not taken back.
 */
export const action = jsonCall({
  body: z.strictObject({ reason: z.string().trim().min(1).max(500) }),
  errors: scheduleErrors,
  async handle({ params, body, services, caller, correlationId, readYourWrites }) {
    const id = z.uuid().safeParse(params.id);
    if (!id.success) return refuse(400, 'invalid id', { field: 'id' });
    const signedIn = await caller();
    const result = await services.reservationStaff.revertNoShow({
      reservationId: id.data,
      reason: body.reason,
      actor: signedIn.id,
      actorRoles: signedIn.roles,
      correlationId,
    });
    await readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
