import { z } from 'zod';
import { PASSWORD_MAX } from '@moncafe/domain/account/events';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { factorErrors } from '#app/auth/second-factor.server';

/** POST /api/auth/mfa/passkeys/remove {credential_id, password}: the signed-in holder removes a passkey, typing the password again (decision 540). */
export const action = jsonCall({
  body: z.object({ credential_id: z.string().min(1).max(1024), password: z.string().min(1).max(PASSWORD_MAX) }),
  errors: factorErrors,
  async handle({ body, caller, services, correlationId, readYourWrites }) {
    const me = await caller();
    const { position } = await services.secondFactors.removePasskey(
      { accountId: me.id, credentialId: body.credential_id, proof: { password: body.password } },
      { correlationId, actor: me.id },
    );
    await readYourWrites(position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
