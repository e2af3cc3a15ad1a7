import { z } from 'zod';
import { jsonCall } from '#app/http/json.server';
import { existingReservationSession } from '#app/http/reservation-session.server';
import { dateSchema } from '#app/reservation/call-schemas';

/** POST /api/customery-day/release-seat {date}: the cart emptied or the customer left, so the session's hold goes back. */
export const action = jsonCall({
  body: z.object({ date: dateSchema }),
  async handle({ body, request, services, correlationId }) {
    // A browser without a session has no hold to give back.
    const sessionId = existingReservationSession(request);
    if (sessionId) await services.booking.releaseHold({ sessionId, date: body.date, correlationId });
    return { success: true };
  },
});
