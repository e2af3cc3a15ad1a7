import { z } from 'zod';
import { PASSWORD_MAX } from '@moncafe/domain/account/events';
import { jsonCall, refuse } from '#app/http/json.server';
import { factorErrors, factorHolder, passkeyRegistrationOptions } from '#app/auth/second-factor.server';
import { secondFactorTextsIn } from '#app/auth/second-factor-texts';
import { pageLanguageOf } from '#app/i18n/language';

/** POST /api/auth/mfa/passkeys/options {password} → {options}: the start of adding a passkey (decision 540), the password typed again. */
export const action = jsonCall({
  body: z.object({ password: z.string().max(PASSWORD_MAX).optional() }),
  errors: factorErrors,
  async handle({ body, request, context, user }) {
    const holder = await factorHolder(request, context, await user(), body.password);
    // Neither signed in nor in a sign-in's step of adding a factor: the sign-in starts again.
    if (!holder) return refuse(400, secondFactorTextsIn(pageLanguageOf(request)).noPendingSignIn);
    const { options, setCookie } = await passkeyRegistrationOptions(context, holder);
    return Response.json({ success: true, options }, { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': setCookie } });
  },
});
