import { z } from 'zod';
import { CANCEL_REASON_LINES, CANCEL_REASON_MAX, text } from '#app/http/text-schema';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { reservationTexts as t } from '#app/reservation/texts';

/** POST /api/reservation-confirmation/cancel {token}: cancels the reservation the mail's link names, seats released at once. */
export const action = jsonCall({
  body: z.object({ token: z.string().min(1).max(200), reason: text({ max: CANCEL_REASON_MAX, lines: CANCEL_REASON_LINES }).default('') }),
  errors: {
    not_cancellable: { status: 400, error: t.notCancellable },
    otherwise: { status: 404, error: t.reservationNotFound },
  },
  async handle({ body, services, correlationId }) {
    await services.booking.cancelByLink({ token: body.token, reason: body.reason, correlationId });
    return { success: true, message: t.cancelled };
  },
});

export type Answer = AnswerOf<typeof action>;
