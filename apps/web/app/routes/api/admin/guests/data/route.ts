import { z } from 'zod';
import { requireRole } from '#app/auth/require-role.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { correctionSchema, guestData } from '#app/privacy/guest-data.server';

const emailSchema = z.string().trim().min(3).max(254).pipe(z.email());

/**
 * GET /api/admin/guests/data?email=: what the cafe holds on a guest who asks at the counter (issue
 * 31, seeing); POST {email, name, phone}: corrects their name and phone. Admin; each recorded.
 */
export const loader = jsonCall({
  query: z.object({ email: emailSchema }),
  async handle({ query, request, context, services, queries, runtime, correlationId }) {
    const admin = await requireRole(request, context, 'admin');
    const data = await guestData({ queries, runtime }, query.email, null);
    await services.privacy.recordDownload(
      { reservationIds: data.reservations.map((r) => r.id), requestedBy: 'admin' },
      { actor: admin.id, correlationId, storeId: null },
    );
    return Response.json(data, { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const action = jsonCall({
  body: correctionSchema.extend({ email: emailSchema }),
  async handle({ body, request, context, services, correlationId, readYourWrites }) {
    const admin = await requireRole(request, context, 'admin');
    const corrected = await services.privacy.correct(
      { email: body.email, name: body.name, phone: body.phone },
      { actor: admin.id, correlationId, storeId: null },
    );
    await readYourWrites(corrected.position);
    return { success: true as const, corrected: corrected.corrected };
  },
});

export type CorrectAnswer = AnswerOf<typeof action>;
