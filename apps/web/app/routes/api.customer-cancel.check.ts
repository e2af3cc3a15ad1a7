import { z } from 'zod';
import type { Route } from './+types/api.customer-cancel.check';
import { rateLimit, tooManyRequests } from '@moncafe/infra/auth/rate-limit';
import { clientAddressContext } from '../auth/request-context';
import { answer, json, parseBody, reservationRuntime } from '../reservation/flow.server';
import { reservationTexts } from '../reservation/texts';
import { cancelView } from '../reservation/views.server';

const bodySchema = z.object({ reservation_id: z.string().trim().min(1).max(100), email: z.string().trim().min(1).max(254) });

/** Lookups by id and e-mail are limited per address, so ids cannot be guessed in bulk. */
export const CANCEL_LOOKUP_LIMIT = { limit: 30, windowMs: 60_000 };

/**
 * POST /api/customer-cancel/check {reservation_id, email}: the reservation to show on the cancel
 * page. A wrong e-mail answers exactly like an unknown id (404), so ids cannot be probed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const ip = context.get(clientAddressContext);
    if (ip) {
      const limited = await rateLimit(runtime, { key: `cancel-lookup:ip:${ip}`, ...CANCEL_LOOKUP_LIMIT });
      if (!limited.ok) return tooManyRequests(limited.retryAfterSeconds);
    }
    const state = await flow.reservation(body.reservation_id);
    if (state.status === 'empty' || state.request.customer.email.toLowerCase() !== body.email.toLowerCase())
      return json({ success: false, message: reservationTexts.reservationNotFound }, { status: 404 });
    return json({ success: true, reservation: await cancelView(runtime, state.request, state.status) });
  });
}
