import type { RouterContextProvider } from 'react-router';
import { allowedFor, permits, ruleFor } from '#app/auth/route-access';
import { getUser } from '#app/auth/session.server';
import { sameForEveryVisit } from '#app/http/render-once.server';
import type { Viewer } from './site-header';

const AREAS = ['monitor', 'staff', 'admin'] as const;

/** The signed-in user as the header shows them: the name, and the operations areas route-access.ts lets them open. */
async function viewerOf(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  const user = await getUser(request, context);
  if (!user) return null;
  return { name: user.name, areas: AREAS.filter((area) => permits(allowedFor(ruleFor(`/${area}`).rule, 'GET'), user.roles)) };
}

/** Every guest's header is the same answer, so pages marked renderOnce are rendered once for all guests (entry.server.tsx). */
const GUEST: { viewer: Viewer | null } = sameForEveryVisit({ viewer: null }, 'guest');

/** The root loader's answer: who is looking, for the header. */
export async function headerData(request: Request, context: Readonly<RouterContextProvider>): Promise<{ viewer: Viewer | null }> {
  const viewer = await viewerOf(request, context);
  return viewer ? { viewer } : GUEST;
}
