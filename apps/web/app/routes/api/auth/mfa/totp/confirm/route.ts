import { z } from 'zod';
import { jsonCall, refuse } from '#app/http/json.server';
import { factorErrors, factorHolder, finishEnrolment } from '#app/auth/second-factor.server';
import { secondFactorTextsIn } from '#app/auth/second-factor-texts';
import { pageLanguageOf } from '#app/i18n/language';

/**
 * POST /api/auth/mfa/totp/confirm {code} → {recovery_codes} (decision 540): a code from the app
 * turns it on, and the ten recovery codes are shown this once. A sign-in past its grace is then signed in.
 */
export const action = jsonCall({
  body: z.object({ code: z.string().trim().min(1).max(32) }),
  errors: factorErrors,
  async handle({ body, request, context, user, services, correlationId, readYourWrites }) {
    const holder = await factorHolder(request, context, await user(), undefined);
    // Neither signed in nor in a sign-in's step of adding a factor: the sign-in starts again.
    if (!holder) return refuse(400, secondFactorTextsIn(pageLanguageOf(request)).noPendingSignIn);
    const { recoveryCodes, position } = await services.secondFactors.confirmTotp(
      { accountId: holder.accountId, code: body.code },
      { correlationId, actor: holder.accountId },
    );
    await readYourWrites(position);
    const answer = Response.json({ success: true as const, recovery_codes: recoveryCodes }, { headers: { 'Cache-Control': 'no-store' } });
    if (holder.enrolling) for (const setCookie of await finishEnrolment(request, context, holder.accountId)) answer.headers.append('Set-Cookie', setCookie);
    return answer;
  },
});

/** What the account screen reads (the answer is built as a Response, to carry a session's cookie). */
export type Answer = { success: true; recovery_codes: string[] };
