import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { visitSecretSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { passQr } from '#app/table-order/seat-qr.server';

/**
 * POST /api/orders/invite {token}: a phone in the visit (its live table-order token, as qr-token
 * takes it) invites a friend's phone (decision 152). Answers a one-time pass, its URL
 * (/order/join?pass=…) and that URL's QR as SVG, valid a few minutes. Staff seat a party from the
 * floor screen instead (seat-party).
 */
export const action = jsonCall({
  body: z.object({ token: visitSecretSchema }),
  errors: tableErrors,
  async handle({ body, services, runtime, correlationId }) {
    const invite = await services.table.invite({ token: body.token, correlationId });
    return { success: true as const, expires_at: invite.expiresAt, ...(await passQr(runtime.config.publicUrl, invite.pass)) };
  },
});

export type Answer = AnswerOf<typeof action>;
