import type { Route } from './+types/api.reservation-confirmation.token';
import { DomainError } from '@moncafe/domain/decider';
import { parseToken } from '@moncafe/domain/reservation/booking-flow';
import { answer, json, reservationRuntime, sha256Hex } from '../reservation/flow.server';
import { sendConfirmed } from '../reservation/mail.server';
import { reservationTexts } from '../reservation/texts';
import { confirmationView } from '../reservation/views.server';

const EXPIRED = `リンクの有効期限が切れています。${reservationTexts.expiredBody}`;

/**
 * GET /api/reservation-confirmation/{token}?confirm=true: opens the mail's link. A new
 * confirmation books the held seats, records email_confirm_status '1' and mails the details
 * with the cancel link; an already confirmed reservation answers confirmed again. Expired: 400
 * with 期限 in the error; unknown or wrong: 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return answer(context, async (correlationId) => {
    const { runtime, flow } = reservationRuntime(context);
    const confirm = new URL(request.url).searchParams.get('confirm') === 'true';
    try {
      if (!confirm) {
        const { reservationId, tokenHash } = parseToken(params.token, sha256Hex);
        const state = await flow.reservation(reservationId);
        if (state.status === 'empty' || state.status === 'cancelled' || state.tokenHash !== tokenHash) throw new DomainError('not_found');
        const view = await confirmationView(runtime, state.request, state.status === 'confirmed');
        return json({ success: true, reservation: view.data, confirmation: view });
      }
      const result = await flow.confirm(params.token, correlationId);
      if (!result.alreadyConfirmed) {
        await runtime.waitForProjections(result.position);
        await sendConfirmed(runtime, result.reservation).catch((err: unknown) => runtime.logger.error({ err, correlationId }, 'confirmed mail failed'));
      }
      const view = await confirmationView(runtime, result.reservation, true);
      return json({ success: true, message: reservationTexts.confirmedTitle, reservation: view.data, confirmation: view });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'token_expired') return json({ success: false, error: EXPIRED, expired: true }, { status: 400 });
      return json({ success: false, error: reservationTexts.notFoundOrExpired }, { status: 404 });
    }
  });
}
