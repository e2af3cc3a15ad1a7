import { z } from 'zod';
import type { Route } from './+types/api.customery-day.available-times';
import { timesFor } from '../reservation/availability.server';
import { answer, dateSchema, json, menuIdsSchema, parseBody, peopleSchema, reservationRuntime } from '../reservation/flow.server';
import { dateRefusalMessage } from '../reservation/texts';

const bodySchema = z.object({ date: dateSchema, people: peopleSchema, menuIds: menuIdsSchema });

/**
 * POST /api/customery-day/available-times {date, people}: start times (HH:MM) where a seat fits
 * the party for the whole stay; a refused date answers no times and the spec's message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const { times, refusal } = await timesFor(runtime, flow, body);
    return json({ times, ...(refusal ? { message: dateRefusalMessage(refusal), reason: refusal.code } : {}) });
  });
}
