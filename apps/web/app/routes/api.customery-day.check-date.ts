import { z } from 'zod';
import type { Route } from './+types/api.customery-day.check-date';
import { checkChosenDate } from '../reservation/availability.server';
import { answer, dateSchema, json, menuIdsSchema, parseBody, reservationRuntime } from '../reservation/flow.server';
import { dateRefusalMessage } from '../reservation/texts';

const bodySchema = z.object({ date: dateSchema, menuIds: menuIdsSchema });

/**
 * POST /api/customery-day/check-date {date, menuIds}: the spec's date checks in order (closed,
 * same day, deadlines, past) decided on the server's Tokyo clock: {ok} or {ok: false, message}.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const refusal = await checkChosenDate(runtime, flow, body);
    return json(refusal ? { ok: false, reason: refusal.code, message: dateRefusalMessage(refusal) } : { ok: true });
  });
}
