import { jsonCall } from '#app/http/json.server';
import { passkeySignInOptions } from '#app/auth/second-factor.server';

/**
 * POST /api/auth/passkey/options → {options}: a passkey sign-in's challenge (decision 540) — the
 * second step after a password, or a sign-in with a passkey alone.
 */
export const action = jsonCall({
  async handle({ request, context }) {
    const { options, setCookie } = await passkeySignInOptions(request, context);
    return Response.json({ success: true, options }, { headers: { 'Cache-Control': 'no-store', 'Set-Cookie': setCookie } });
  },
});
