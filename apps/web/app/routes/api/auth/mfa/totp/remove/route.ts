import { z } from 'zod';
import { PASSWORD_MAX } from '@moncafe/domain/account/events';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { factorErrors } from '#app/auth/second-factor.server';

/** POST /api/auth/mfa/totp/remove {password}: the signed-in holder removes their authenticator app, typing the password again (decision 540). */
export const action = jsonCall({
  body: z.object({ password: z.string().min(1).max(PASSWORD_MAX) }),
  errors: factorErrors,
  async handle({ body, caller, services, correlationId, readYourWrites }) {
    const me = await caller();
    const { position } = await services.secondFactors.removeTotp({ accountId: me.id, proof: { password: body.password } }, { correlationId, actor: me.id });
    await readYourWrites(position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
