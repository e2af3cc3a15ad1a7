import { z } from 'zod';
import { jsonCall } from '#app/http/json.server';
import { publicUser } from '#app/auth/login.server';
import { passkeySignIn } from '#app/auth/second-factor.server';

/** POST /api/auth/passkey/verify {response} → {success, user}: the passkey signed the challenge; the session opens (decision 540). */
export const action = jsonCall({
  body: z.object({ response: z.object({ id: z.string().max(1024) }).loose() }),
  maxBodyBytes: 32 * 1024,
  async handle({ body, request, context, services }) {
    const outcome = await passkeySignIn(request, context, body.response);
    const headers = new Headers({ 'Cache-Control': 'no-store' });
    if (!outcome.ok) {
      if (outcome.retryAfterSeconds !== undefined) headers.set('Retry-After', String(outcome.retryAfterSeconds));
      return Response.json({ success: false, error: outcome.error, field: 'response' }, { status: outcome.status, headers });
    }
    for (const setCookie of outcome.setCookies) headers.append('Set-Cookie', setCookie);
    const user = await services.accounts.signedInUser(outcome.accountId);
    return Response.json({ success: true, user: user ? publicUser(user) : null }, { headers });
  },
});
