import { z } from 'zod';
import type { Route } from './+types/api.customery-day.deadline-hours';
import { deadlineFor } from '../reservation/availability.server';
import { answer, json, menuIdsSchema, parseBody, reservationRuntime } from '../reservation/flow.server';

const bodySchema = z.object({ menuIds: menuIdsSchema });

/** POST /api/customery-day/deadline-hours {menuIds}: the first bookable day for this cart (minDateTime, Tokyo midnight). */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const { menuIds } = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    return json(await deadlineFor(runtime, flow, menuIds));
  });
}
