import type { Route } from './+types/logout';
import { logOut } from '../../../auth/login.server';
import { getUser } from '../../../auth/session.server';

/** POST /api/auth/logout: ends the session on the server and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await logOut(request, context, await getUser(request, context));
  return Response.json({ success: true }, { headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' } });
}
