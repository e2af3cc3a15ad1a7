import { z } from 'zod';
import type { Route } from './+types/api.reservation-confirmation.cancel';
import { DomainError } from '@moncafe/domain/decider';
import { parseToken } from '@moncafe/domain/reservation/booking-flow';
import { answer, json, parseBody, reservationRuntime, sha256Hex } from '../reservation/flow.server';
import { reservationTexts } from '../reservation/texts';

const bodySchema = z.object({ token: z.string().min(1).max(200), reason: z.string().max(500).default('') });

/** POST /api/reservation-confirmation/cancel {token}: cancels the reservation the mail's link names, seats released at once. */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async (correlationId) => {
    const { token, reason } = await parseBody(request, bodySchema);
    const { flow } = reservationRuntime(context);
    try {
      const { reservationId } = parseToken(token, sha256Hex);
      await flow.cancel({ reservationId, proof: { kind: 'token', token }, reason, correlationId });
      return json({ success: true, message: reservationTexts.cancelled });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'not_cancellable') return json({ success: false, error: reservationTexts.notCancellable }, { status: 400 });
      return json({ success: false, error: reservationTexts.reservationNotFound }, { status: 404 });
    }
  });
}
