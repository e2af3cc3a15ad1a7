import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { scheduleErrors } from '#app/schedule/answers.server';

/**
 * POST /api/admin/reservations/{id}/no-show {} (monitor/admin, from the schedule's detail): the
 * booked party never came (decision 156). Status `no_show`, its seat free from now. Refused
 * `not_started` before the booked time, `already_seated` for a party at the table.
 */
export const action = jsonCall({
  body: z.strictObject({}),
  errors: scheduleErrors,
  async handle({ params, services, caller, correlationId, readYourWrites }) {
    const id = z.uuid().safeParse(params.id);
    if (!id.success) return refuse(400, 'invalid id', { field: 'id' });
    const result = await services.reservationStaff.markNoShow({ reservationId: id.data, actor: (await caller()).id, correlationId });
    await readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
