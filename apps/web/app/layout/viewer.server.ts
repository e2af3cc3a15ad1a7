import type { RouterContextProvider } from 'react-router';
import { allowedFor, permits, ruleFor } from '#app/auth/route-access';
import { getUser } from '#app/auth/session.server';
import type { Viewer } from './site-header';

const AREAS = ['monitor', 'staff', 'admin'] as const;

/** The signed-in user as the header shows them: the name, and the operations areas route-access.ts lets them open. */
export async function viewerOf(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  const user = await getUser(request, context);
  if (!user) return null;
  return { name: user.name, areas: AREAS.filter((area) => permits(allowedFor(ruleFor(`/${area}`).rule, 'GET'), user.roles)) };
}
