import { z } from 'zod';
import type { Route } from './+types/api.customery-day.allocate-seat';
import { DomainError } from '@moncafe/domain/decider';
import {
  answer,
  dateSchema,
  json,
  menuIdsSchema,
  parseBody,
  peopleSchema,
  reservationRuntime,
  reservationSession,
  timeSchema,
} from '../reservation/flow.server';
import { dateRefusalMessage, reservationTexts } from '../reservation/texts';

const bodySchema = z.object({
  date: dateSchema,
  time: timeSchema,
  people: peopleSchema,
  menuIds: menuIdsSchema,
  /** Epoch milliseconds the browser's reservation session started; the hold ends with it. */
  session_started_at: z.number().int().positive().optional(),
});

/**
 * POST /api/customery-day/allocate-seat {date, time, people}: holds seats for this browser's
 * reservation session for 5 minutes. Full answers `seat_ids: []` (the screen says 満席); a time
 * that cannot be booked at all answers 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async (correlationId) => {
    const body = await parseBody(request, bodySchema);
    const { flow } = reservationRuntime(context);
    const session = reservationSession(request);
    const headers = session.setCookie ? { 'Set-Cookie': session.setCookie } : undefined;
    try {
      const { session_started_at, ...choice } = body;
      const sessionStartedAt = session_started_at === undefined ? undefined : new Date(session_started_at);
      const held = await flow.allocateSeat({ ...choice, sessionStartedAt, sessionId: session.id, correlationId });
      return json({ success: true, seat_ids: held.seatIds, expires_at: held.expiresAt }, { headers });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'seats_full') return json({ success: true, seat_ids: [], message: reservationTexts.seatsFull }, { headers });
      const refusal = error.details.refusal as Parameters<typeof dateRefusalMessage>[0] | undefined;
      const message = refusal ? dateRefusalMessage(refusal) : reservationTexts.allocateFailed;
      return json({ success: false, seat_ids: [], error: message }, { status: 400, headers });
    }
  });
}
