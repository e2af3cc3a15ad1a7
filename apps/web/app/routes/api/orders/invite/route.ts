import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { tableErrors } from '#app/table-order/call-errors';
import { passQr } from '#app/table-order/seat-qr.server';
import { orderTexts as t } from '#app/table-order/texts';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * POST /api/orders/invite (Authorization: Bearer {token}): a phone in the visit invites a friend's
 * phone (decision 152). Answers a one-time pass, its URL (/order/join?pass=…) and that URL's QR as
 * SVG, valid a few minutes.
 */
export const action = jsonCall({
  errors: tableErrors,
  async handle(input) {
    const auth = await tableAuthOf(input);
    // Staff seat a party from the floor screen instead (seat-party); an invite comes from a guest's phone.
    if (auth.kind !== 'token') refuse(401, 'invalid_token', { message: t.authFailed });
    const invite = await input.services.table.invite({ token: auth.token, correlationId: input.correlationId });
    return { success: true as const, expires_at: invite.expiresAt, ...(await passQr(input.runtime.config.publicUrl, invite.pass)) };
  },
});

export type Answer = AnswerOf<typeof action>;
