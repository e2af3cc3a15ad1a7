import { z } from 'zod';
import { jsonCall } from '#app/http/json.server';
import { publicUser } from '#app/auth/login.server';
import { verifyCode } from '#app/auth/second-factor.server';

/**
 * POST /api/auth/mfa/verify {code} → {success, user} (decision 540): the second step of a password
 * sign-in that answered {mfa_required: true}: the app's code or a recovery code opens the session.
 * Wrong codes are counted and locked out as wrong passwords are.
 */
export const action = jsonCall({
  body: z.object({ code: z.string().trim().min(1).max(32) }),
  async handle({ body, request, context, services }) {
    const outcome = await verifyCode(request, context, body.code);
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (!outcome.ok) {
      if (outcome.retryAfterSeconds !== undefined) headers.set('Retry-After', String(outcome.retryAfterSeconds));
      return Response.json({ success: false, error: outcome.error, field: 'code' }, { status: outcome.status, headers });
    }
    for (const setCookie of outcome.setCookies) headers.append('Set-Cookie', setCookie);
    const user = await services.accounts.signedInUser(outcome.accountId);
    return Response.json({ success: true, user: user ? publicUser(user) : null }, { headers });
  },
});
