import { z } from 'zod';
import type { Route } from './+types/api.customer-cancel.check';
import { cancelLookupRefusal } from '../reservation/cancel-lookup.server';
import { answer, json, parseBody, reservationRuntime } from '../reservation/flow.server';
import { reservationTexts } from '../reservation/texts';
import { cancelView } from '../reservation/views.server';

const bodySchema = z.object({ reservation_id: z.string().trim().min(1).max(100), email: z.string().trim().min(1).max(254) });

/**
 * POST /api/customer-cancel/check {reservation_id, email}: the reservation to show on the cancel
 * page. A wrong e-mail answers exactly like an unknown id (404), so ids cannot be probed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const refusal = await cancelLookupRefusal(runtime, context);
    if (refusal) return refusal;
    const state = await flow.reservation(body.reservation_id);
    if (state.status === 'empty' || state.request.customer.email.toLowerCase() !== body.email.toLowerCase())
      return json({ success: false, message: reservationTexts.reservationNotFound }, { status: 404 });
    return json({ success: true, reservation: await cancelView(runtime, state.request, state.status) });
  });
}
