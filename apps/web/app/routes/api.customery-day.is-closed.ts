import { z } from 'zod';
import type { Route } from './+types/api.customery-day.is-closed';
import { isClosed } from '../reservation/availability.server';
import { answer, dateSchema, json, parseBody, reservationRuntime } from '../reservation/flow.server';

const bodySchema = z.object({ date: dateSchema });

/** POST /api/customery-day/is-closed {date}: {isClosed}. */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const { date } = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    return json({ isClosed: await isClosed(runtime, flow, date) });
  });
}
