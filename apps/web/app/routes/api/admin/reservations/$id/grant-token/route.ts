import { z } from 'zod';
import { MAX_WAIVER_MINUTES } from '@moncafe/domain/reservation/visit';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';
import { monitorTexts } from '#app/table-order/staff-texts';

/**
 * POST /api/admin/reservations/{id}/grant-token {minutes} (15 by default, spec §9): staff let the
 * reservation's guests check in and order without a location check until `until` (monitor/admin).
 * The pass is the spec's 15 minutes at most (decision 151: 240 was accepted); the decider
 * refuses more too.
 */
export const action = jsonCall({
  body: z.object({ minutes: z.number().int().min(1).max(MAX_WAIVER_MINUTES).default(MAX_WAIVER_MINUTES) }),
  errors: {
    not_found: { status: 404, error: monitorTexts.grant },
    visit_ended: { status: 409, error: monitorTexts.grant },
    not_confirmed: { status: 409, error: monitorTexts.grant },
    waiver_too_long: { status: 400, error: monitorTexts.grantTooLong, field: 'minutes' },
  },
  async handle({ params, body, services, caller, correlationId }) {
    const id = uuidSchema.safeParse(params.id);
    if (!id.success) refuse(400, 'invalid id', { field: 'id' });
    const granted = await services.table.grantWithoutLocation({
      reservationId: id.data,
      minutes: body.minutes,
      actor: (await caller()).id,
      correlationId,
    });
    return { success: true as const, until: granted.until };
  },
});

export type Answer = AnswerOf<typeof action>;
