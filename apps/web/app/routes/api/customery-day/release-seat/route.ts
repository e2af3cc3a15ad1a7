import { z } from 'zod';
import { jsonCall } from '#app/http/json.server';
import { existingReservationSession } from '#app/http/reservation-session.server';
import { dateSchema, storeClaimSchema } from '#app/reservation/call-schemas';

/** POST /api/customery-day/release-seat {date}: the cart emptied or the customer left, so the session's hold goes back. */
export const action = jsonCall({
  body: z.object({ date: dateSchema, store_id: storeClaimSchema }),
  async handle({ body, request, services, correlationId }) {
    // A browser without a session has no hold to give back.
    const sessionId = existingReservationSession(request);
    if (sessionId) await services.booking.releaseHold({ sessionId, date: body.date, storeId: body.store_id, correlationId });
    return { success: true };
  },
});
