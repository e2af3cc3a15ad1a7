import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { correctionSchema, guestData } from '#app/privacy/guest-data.server';
import { privacyTexts as p } from '#app/privacy/texts';

/**
 * GET /api/my-data: everything the cafe holds on the signed-in guest, as a JSON download (issue
 * 31, seeing); POST /api/my-data {name, phone}: corrects the name and phone of their reservations.
 * Only with a verified e-mail: the reservations are found by it. Each is recorded (actor, time).
 */
export const loader = jsonCall({
  async handle({ user, services, queries, runtime, correlationId }) {
    const me = await user();
    if (!me) return refuse(401, p.signInFirst);
    // Not the route table's 403: the account is let in, its e-mail is not proved yet.
    if (!me.emailVerified) return refuse(409, p.forgetNeedsVerified);
    const data = await guestData({ queries, runtime }, me.email, me);
    await services.privacy.recordDownload(
      { reservationIds: data.reservations.map((r) => r.id), requestedBy: 'guest' },
      { actor: me.id, correlationId, storeId: null },
    );
    return Response.json(data, { headers: { 'Content-Disposition': 'attachment; filename="moncafe-my-data.json"', 'Cache-Control': 'no-store' } });
  },
});

export const action = jsonCall({
  body: correctionSchema,
  async handle({ body, user, services, correlationId, readYourWrites }) {
    const me = await user();
    if (!me) return refuse(401, p.signInFirst);
    // Not the route table's 403: the account is let in, its e-mail is not proved yet.
    if (!me.emailVerified) return refuse(409, p.forgetNeedsVerified);
    const corrected = await services.privacy.correct({ email: me.email, name: body.name, phone: body.phone }, { actor: me.id, correlationId, storeId: null });
    await readYourWrites(corrected.position);
    return { success: true as const, corrected: corrected.corrected };
  },
});

export type CorrectAnswer = AnswerOf<typeof action>;
