import { z } from 'zod';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { reservationTexts as t } from '#app/reservation/texts';
import { cancelView } from '#app/reservation/views';

/**
 * POST /api/customer-cancel/check {reservation_id, email}: the reservation to show on the cancel
 * page. A wrong e-mail answers exactly like an unknown id (404), so ids cannot be probed; lookups
 * are limited per client address.
 */
export const action = jsonCall({
  body: z.object({ reservation_id: z.string().trim().min(1).max(100), email: z.string().trim().min(1).max(254) }),
  limits: ({ clientAddress }) => (clientAddress ? [{ key: `cancel-lookup:ip:${clientAddress}`, ...rateLimits.cancelLookupPerIp }] : []),
  errors: { otherwise: { status: 404, answer: { success: false, error: t.reservationNotFound, message: t.reservationNotFound } } },
  async handle({ body, services }) {
    const summary = await services.booking.findForCancel({ reservationId: body.reservation_id, email: body.email });
    return { success: true, reservation: cancelView(summary) };
  },
});

export type Answer = AnswerOf<typeof action>;
