import { jsonCall } from '#app/http/json.server';
import { logOut } from '#app/auth/login.server';

/** POST /api/auth/logout: ends the session on the server and clears the cookie. */
export const action = jsonCall({
  async handle({ request, context, user }) {
    const setCookie = await logOut(request, context, await user());
    return Response.json({ success: true }, { headers: { 'Set-Cookie': setCookie } });
  },
});
