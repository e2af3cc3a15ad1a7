import { z } from 'zod';
import { dateRefusalOf } from '@moncafe/domain/reservation/booking-service';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { callTexts } from '#app/http/texts';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { dateSchema, menuIdsSchema, peopleSchema, storeClaimSchema, timeSchema } from '#app/reservation/call-schemas';
import { dateRefusalMessage, reservationTexts as t } from '#app/reservation/texts';
import { seatHoldAnswer } from '#app/http/site-answers';

/** A client past its line of holds (docs/decisions/050) hears the spec's 429, like any limit. */
const holdLimit = { status: 429, answer: { success: false, seat_ids: [], error: callTexts.tooManyRequests } };

/**
 * POST /api/customery-day/allocate-seat {date, time, people}: holds seats for this browser's
 * reservation session until the session's 5 minutes end. Full answers `seat_ids: []` (the screen
 * says 満席); a time that cannot be booked at all answers 400. Holds are limited per session,
 * per client address and per day (docs/decisions/050): past them, 429.
 */
export const action = jsonCall({
  answer: seatHoldAnswer,
  idempotent: true,
  body: z.object({
    date: dateSchema,
    time: timeSchema,
    people: peopleSchema,
    menuIds: menuIdsSchema,
    store_id: storeClaimSchema,
    /** Epoch milliseconds the browser's reservation session started; the hold ends with it. */
    session_started_at: z.number().int().positive().optional(),
  }),
  // Calls without a visit of the day screen are scripts or stale pages: they are counted per address.
  limits: ({ clientAddress, reservationVisit }) =>
    clientAddress && !reservationVisit() ? [{ key: `allocate-seat:ip:${clientAddress}`, ...rateLimits.allocateSeatPerIp }] : [],
  errors: {
    seats_full: { status: 200, answer: { success: true, seat_ids: [], message: t.seatsFull } },
    visit_required: holdLimit,
    client_hold_limit: holdLimit,
    session_hold_limit: holdLimit,
    otherwise: (error) => {
      const refusal = dateRefusalOf(error);
      return { status: 400, answer: { success: false, seat_ids: [], error: refusal ? dateRefusalMessage(refusal) : t.allocateFailed } };
    },
  },
  async handle({ body, services, reservationSession, reservationVisit, clientKey, correlationId }) {
    const { session_started_at, store_id, ...choice } = body;
    const sessionStartedAt = session_started_at === undefined ? undefined : new Date(session_started_at);
    const held = await services.booking.allocateSeat({
      ...choice,
      storeId: store_id,
      sessionStartedAt,
      sessionId: reservationSession(),
      visitStartedAt: reservationVisit(),
      client: clientKey(),
      correlationId,
    });
    return { success: true, seat_ids: held.seatIds, expires_at: held.expiresAt };
  },
});

export type Answer = AnswerOf<typeof action>;
