import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { reservationTexts as t } from '#app/reservation/texts';
import { confirmationView, unconfirmedView } from '#app/reservation/views';

/**
 * GET /api/reservation-confirmation/{token}?confirm=true: opens the mail's link. A new
 * confirmation books the held seats, records email_confirm_status '1' and mails the details
 * with the cancel link; an already confirmed reservation answers confirmed again. Expired: 400
 * with 期限 in the error; cancelled since: 410 with `cancelled`; unknown or wrong: 404. Without `confirm=true` it only shows the reservation
 * (an unconfirmed one without the guest's name, e-mail or phone; an expired one not at all).
 */
export const loader = jsonCall({
  query: z.object({ confirm: z.string().optional() }),
  errors: {
    token_expired: { status: 400, answer: { success: false, error: `リンクの有効期限が切れています。${t.expiredBody}`, expired: true } },
    // The link is right but the reservation was cancelled since: the page says so (decision 104).
    cancelled: { status: 410, answer: { success: false, error: t.cancelledTitle, cancelled: true } },
    otherwise: { status: 404, error: t.notFoundOrExpired },
  },
  async handle({ params, query, services, correlationId, readYourWrites }) {
    const token = params.token ?? '';
    if (query.confirm !== 'true') {
      const view = confirmationView(await services.booking.viewByLink(token), token);
      return { success: true, reservation: view.data, confirmation: view.isConfirmed ? view : unconfirmedView(view) };
    }
    const confirmed = await services.booking.confirm(token, correlationId);
    await readYourWrites(confirmed.position);
    const view = confirmationView(confirmed.summary, token);
    return { success: true, message: t.confirmedTitle, reservation: view.data, confirmation: view };
  },
});

export type Answer = AnswerOf<typeof loader>;
