import { z } from 'zod';
import type { Route } from './+types/api.customery-day.available-dates';
import { datesFor } from '../reservation/availability.server';
import { answer, json, menuIdsSchema, parseBody, peopleSchema, reservationRuntime } from '../reservation/flow.server';

const bodySchema = z.object({ people: peopleSchema, menuIds: menuIdsSchema });

/** POST /api/customery-day/available-dates {people, menuIds}: dates with a free time for the party, and holidays. */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const { dates, holidays, closedDates } = await datesFor(runtime, flow, body);
    return json({ dates, holidays, closedDates });
  });
}
