import { jsonCall, refuse } from '#app/http/json.server';
import { authJson, logIn, readBody } from '#app/auth/login.server';
import { signInAnswer } from '#app/http/site-answers';

/** POST /api/auth/login {email, password} → {success, user, error} (spec); the same sign-in as the /login form. */
export const action = jsonCall({
  answer: signInAnswer,
  handle: async ({ request, context }) =>
    request.method !== 'POST' ? refuse(405, 'method not allowed') : authJson(await logIn(request, context, await readBody(request))),
});
