import type { Route } from './+types/status';
import { publicUser } from '../../../auth/login.server';
import { getUser } from '../../../auth/session.server';

/** GET /api/auth/status → {authenticated, user} (spec). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  return Response.json({ authenticated: user !== null, user: user ? publicUser(user) : null }, { headers: { 'Cache-Control': 'no-store' } });
}
