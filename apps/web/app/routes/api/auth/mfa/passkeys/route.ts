import { z } from 'zod';
import { jsonCall, refuse } from '#app/http/json.server';
import { clearPasskeyCookie, factorErrors, factorHolder, finishEnrolment, takeRegistrationChallenge } from '#app/auth/second-factor.server';
import { secondFactorTextsIn } from '#app/auth/second-factor-texts';
import { pageLanguageOf } from '#app/i18n/language';

/** POST /api/auth/mfa/passkeys {response} → {credential_id}: the browser's answer to the options; the passkey is added (decision 540). */
export const action = jsonCall({
  body: z.object({ response: z.object({ id: z.string().max(1024) }).loose() }),
  maxBodyBytes: 32 * 1024,
  errors: factorErrors,
  async handle({ body, request, context, user, services, correlationId, readYourWrites }) {
    const t = secondFactorTextsIn(pageLanguageOf(request));
    const holder = await factorHolder(request, context, await user(), undefined);
    // Neither signed in nor in a sign-in's step of adding a factor: the sign-in starts again.
    if (!holder) return refuse(400, t.noPendingSignIn);
    const challenge = await takeRegistrationChallenge(request, context, holder.accountId);
    if (!challenge) return refuse(400, t.noPasskeyCeremony, { field: 'response' });
    const added = await services.secondFactors.addPasskey(
      { accountId: holder.accountId, response: body.response, challenge },
      { correlationId, actor: holder.accountId },
    );
    await readYourWrites(added.position);
    const answer = Response.json(
      { success: true, credential_id: added.credentialId },
      { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': clearPasskeyCookie(context) } },
    );
    if (holder.enrolling) for (const setCookie of await finishEnrolment(request, context, holder.accountId)) answer.headers.append('Set-Cookie', setCookie);
    return answer;
  },
});
