import { z } from 'zod';
import { PASSWORD_MAX } from '@moncafe/domain/account/events';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { factorErrors, factorHolder } from '#app/auth/second-factor.server';
import { secondFactorTextsIn } from '#app/auth/second-factor-texts';
import { pageLanguageOf } from '#app/i18n/language';

/**
 * POST /api/auth/mfa/totp/setup {password} → {secret, otpauth_url} (decision 540): a new
 * authenticator-app secret for the signed-in holder, who types the password again; it counts once
 * /api/auth/mfa/totp/confirm has a code from it. A sign-in past its grace adds one without the password again.
 */
export const action = jsonCall({
  body: z.object({ password: z.string().max(PASSWORD_MAX).optional() }),
  errors: factorErrors,
  async handle({ body, request, context, user, services, correlationId }) {
    const holder = await factorHolder(request, context, await user(), body.password);
    // Neither signed in nor in a sign-in's step of adding a factor: the sign-in starts again.
    if (!holder) return refuse(400, secondFactorTextsIn(pageLanguageOf(request)).noPendingSignIn);
    const { secret, otpauthUrl } = await services.secondFactors.startTotp(holder, { correlationId, actor: holder.accountId });
    return { success: true as const, secret, otpauth_url: otpauthUrl };
  },
});

export type Answer = AnswerOf<typeof action>;
