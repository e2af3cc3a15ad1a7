import { z } from 'zod';
import type { Route } from './+types/api.customery-day.release-seat';
import { answer, dateSchema, json, parseBody, reservationRuntime, reservationSession } from '../reservation/flow.server';

const bodySchema = z.object({ date: dateSchema });

/** POST /api/customery-day/release-seat {date}: the cart emptied or the customer left, so the session's hold goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async (correlationId) => {
    const { date } = await parseBody(request, bodySchema);
    const session = reservationSession(request);
    if (session.setCookie) return json({ success: true });
    await reservationRuntime(context).flow.releaseHold({ sessionId: session.id, date, correlationId });
    return json({ success: true });
  });
}
