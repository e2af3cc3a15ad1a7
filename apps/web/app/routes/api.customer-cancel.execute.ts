import { z } from 'zod';
import type { Route } from './+types/api.customer-cancel.execute';
import { DomainError } from '@moncafe/domain/decider';
import { cancelLookupRefusal } from '../reservation/cancel-lookup.server';
import { answer, json, parseBody, reservationRuntime } from '../reservation/flow.server';
import { reservationTexts } from '../reservation/texts';

const bodySchema = z.object({
  reservation_id: z.string().trim().min(1).max(100),
  email: z.string().trim().min(1).max(254),
  reason: z.string().trim().max(500).default(''),
});

/**
 * POST /api/customer-cancel/execute {reservation_id, email, reason}: cancels and releases the
 * seats at once, so the freed time is offered again. 404 for an unknown id or a wrong e-mail
 * alike; 400 when it is already cancelled.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async (correlationId) => {
    const body = await parseBody(request, bodySchema);
    const { runtime, flow } = reservationRuntime(context);
    const refusal = await cancelLookupRefusal(runtime, context);
    if (refusal) return refusal;
    try {
      const result = await flow.cancel({ reservationId: body.reservation_id, proof: { kind: 'email', email: body.email }, reason: body.reason, correlationId });
      await runtime.waitForProjections(result.position);
      return json({ success: true, message: reservationTexts.cancelled });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'not_cancellable') return json({ success: false, error: reservationTexts.notCancellable }, { status: 400 });
      return json({ success: false, error: reservationTexts.reservationNotFound }, { status: 404 });
    }
  });
}
