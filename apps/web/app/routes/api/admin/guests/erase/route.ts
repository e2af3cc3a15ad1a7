import { erasureRequestSchema } from '@moncafe/domain/privacy/forgetting-service';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { requireRole } from '#app/auth/require-role.server';
import { authTexts } from '#app/auth/texts';

/**
 * POST /api/admin/guests/erase {email, reason} (admin): forgets a guest (decision 182) —
 * their open reservations still to come cancelled, every reservation's key destroyed, their
 * pictures deleted; answers how many. Safe to resend: a second call finds nothing left to erase.
 */
export const action = jsonCall({
  body: erasureRequestSchema,
  errors: { invalid_email: { status: 400, error: authTexts.emailInvalid, field: 'email' } },
  async handle({ body, request, context, services, correlationId, readYourWrites }) {
    const admin = await requireRole(request, context, 'admin');
    const erased = await services.privacy.forget(
      { email: body.email, reason: body.reason, requestedBy: 'admin' },
      { actor: admin.id, correlationId, storeId: null },
    );
    await readYourWrites(erased.position);
    return { success: true as const, reservations: erased.reservations, cancelled: erased.cancelled, pictures: erased.pictures };
  },
});

export type Answer = AnswerOf<typeof action>;
