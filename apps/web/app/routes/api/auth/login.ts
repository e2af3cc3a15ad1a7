import type { Route } from './+types/login';
import { authJson, logIn, readBody } from '../../../auth/login.server';

/** POST /api/auth/login {email, password} → {success, user, error} (spec). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ success: false, error: 'method not allowed' }, { status: 405 });
  return authJson(await logIn(request, context, await readBody(request)));
}
