import { z } from 'zod';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';
import { monitorTexts } from '#app/table-order/texts';

/**
 * POST /api/admin/reservations/{id}/grant-token {minutes} (15 by default, spec §9): staff let the
 * reservation's guests check in and order without a location check until `until` (monitor/admin).
 */
export const action = jsonCall({
  body: z.object({ minutes: z.number().int().min(1).max(240).default(15) }),
  errors: {
    not_found: { status: 404, error: monitorTexts.grant },
    visit_ended: { status: 409, error: monitorTexts.grant },
    not_confirmed: { status: 409, error: monitorTexts.grant },
  },
  async handle({ params, body, services, user, correlationId }) {
    const id = uuidSchema.safeParse(params.id);
    if (!id.success) refuse(400, 'invalid id', { field: 'id' });
    const granted = await services.table.grantWithoutLocation({
      reservationId: id.data,
      minutes: body.minutes,
      actor: (await user())?.id ?? 'staff',
      correlationId,
    });
    return { success: true as const, until: granted.until };
  },
});

export type Answer = AnswerOf<typeof action>;
