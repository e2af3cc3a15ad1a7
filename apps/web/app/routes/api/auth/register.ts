import type { Route } from './+types/register';
import { authJson, readBody, register } from '../../../auth/login.server';

/** POST /api/auth/register {name, email, password}: creates a customer account and signs it in. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ success: false, error: 'method not allowed' }, { status: 405 });
  return authJson(await register(request, context, await readBody(request)));
}
