import { jsonCall, refuse } from '#app/http/json.server';
import { authJson, readBody, register } from '#app/auth/login.server';
import { signInAnswer } from '#app/http/site-answers';

/** POST /api/auth/register {name, email, password}: creates a customer account and signs it in (the same as the /login form). */
export const action = jsonCall({
  answer: signInAnswer,
  handle: async ({ request, context }) =>
    request.method !== 'POST' ? refuse(405, 'method not allowed') : authJson(await register(request, context, await readBody(request))),
});
