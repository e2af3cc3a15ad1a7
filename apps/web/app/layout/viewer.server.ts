import type { Role } from '@moncafe/domain/account/events';
import type { RouterContextProvider } from 'react-router';
import { allowedFor, permits, ruleFor } from '#app/auth/route-access';
import { getUser } from '#app/auth/session.server';
import { sameForEveryVisit } from '#app/http/render-once.server';
import { pageLanguageOf, type Language } from '#app/i18n/language';
import type { Viewer } from './site-header';

const AREAS = ['monitor', 'staff', 'admin'] as const;
const WORK_AREAS = ['kitchen', 'monitor', 'staff', 'admin'] as const;

/** The operations areas the route table (route-access.ts) lets these roles open, in the given order. */
function areasOpenTo<A extends string>(areas: readonly A[], roles: readonly Role[]): A[] {
  return areas.filter((area) => permits(allowedFor(ruleFor(`/${area}`).rule, 'GET'), roles));
}

/** The areas a staff frame's area switch offers (the kitchen is an area of its own there). */
export function workAreasOf(roles: readonly Role[]): ('kitchen' | 'monitor' | 'staff' | 'admin')[] {
  return areasOpenTo(WORK_AREAS, roles);
}

/** The signed-in user as the header shows them: the name, and the operations areas route-access.ts lets them open. */
async function viewerOf(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  const user = await getUser(request, context);
  if (!user) return null;
  return { name: user.name, areas: areasOpenTo(AREAS, user.roles) };
}

type HeaderData = { viewer: Viewer | null; language: Language };

/**
 * Every guest's header in one language is the same answer, so pages marked renderOnce are rendered
 * once for all guests of that language (entry.server.tsx; the kind is part of the kept page's key).
 */
const GUEST: Record<Language, HeaderData> = {
  ja: sameForEveryVisit({ viewer: null, language: 'ja' }, 'guest'),
  en: sameForEveryVisit({ viewer: null, language: 'en' }, 'guest-en'),
};

/** The root loader's answer: who is looking, for the header, and the page's language (decision 360). */
export async function headerData(request: Request, context: Readonly<RouterContextProvider>): Promise<HeaderData> {
  const language = pageLanguageOf(request);
  const viewer = await viewerOf(request, context);
  return viewer ? { viewer, language } : GUEST[language];
}
