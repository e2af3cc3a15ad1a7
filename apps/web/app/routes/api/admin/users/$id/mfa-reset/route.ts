import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { factorErrors } from '#app/auth/second-factor.server';
import { secondFactorTexts } from '#app/auth/second-factor-texts';
import { text } from '#app/http/text-schema';

/**
 * POST /api/admin/users/:id/mfa-reset {reason}: an admin removes every second factor of another
 * account (a lost phone), with the reason on record in the history (decision 540). Its sessions end:
 * whoever held the factors signs in again and sets one up.
 */
export const action = jsonCall({
  body: z.object({ reason: text({ min: 1, max: 200, required: secondFactorTexts.reasonRequired }) }),
  errors: factorErrors,
  idempotent: true,
  async handle({ body, params, caller, services, correlationId, readYourWrites }) {
    const admin = await caller();
    const { position } = await services.secondFactors.reset(
      { accountId: params.id ?? '', by: admin.id, reason: body.reason },
      { correlationId, actor: admin.id },
    );
    await readYourWrites(position);
    return { success: true as const, reset: position !== null };
  },
});

export type Answer = AnswerOf<typeof action>;
