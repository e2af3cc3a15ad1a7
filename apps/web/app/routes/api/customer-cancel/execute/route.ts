import { z } from 'zod';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { CANCEL_REASON_LINES, CANCEL_REASON_MAX, text } from '#app/http/text-schema';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { reservationTexts as t } from '#app/reservation/texts';

/**
 * POST /api/customer-cancel/execute {reservation_id, email, reason}: cancels and releases the
 * seats at once, so the freed time is offered again. 404 for an unknown id or a wrong e-mail
 * alike; 400 when it is already cancelled.
 */
export const action = jsonCall({
  body: z.object({
    reservation_id: z.string().trim().min(1).max(100),
    email: z.string().trim().min(1).max(254),
    reason: text({ max: CANCEL_REASON_MAX, lines: CANCEL_REASON_LINES }).default(''),
  }),
  limits: ({ clientAddress }) => (clientAddress ? [{ key: `cancel-lookup:ip:${clientAddress}`, ...rateLimits.cancelLookupPerIp }] : []),
  errors: {
    not_cancellable: { status: 400, error: t.notCancellable },
    otherwise: { status: 404, error: t.reservationNotFound },
  },
  async handle({ body, services, correlationId, readYourWrites }) {
    const result = await services.booking.cancelByEmail({ reservationId: body.reservation_id, email: body.email, reason: body.reason, correlationId });
    await readYourWrites(result.position);
    return { success: true, message: t.cancelled };
  },
});

export type Answer = AnswerOf<typeof action>;
