import { data, redirect } from 'react-router';
import type { RouterContextProvider } from 'react-router';
import type { Role } from '@moncafe/domain/account/events';
import type { SignedInUser } from '@moncafe/domain/account/account-service';
import { audit } from '@moncafe/infra/auth/audit';
import { clientAddressContext, getRuntime } from '#app/context';
import { allowedFor, permits, ruleFor } from './route-access';
import { getUser } from './session.server';
import { authTexts } from './texts';

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * The one check of every redirect target (after sign-in, the OIDC round trip, /auth/success): a
 * path on this site, or `fallback`. Browsers drop tabs and line breaks from URLs and read `\`
 * as `/`, so `/\t/evil.example` and `/\\evil.example` are `//evil.example` to them: control
 * characters are removed and backslashes turned into slashes first, then the URL parser must find
 * it on this origin, and what is returned is its normalised path: a tab between two slashes once redirected a guest to another site.
 */
export function safeRedirectTarget(target: string | null | undefined, fallback = '/moncafe'): string {
  if (!target) return fallback;
  // eslint-disable-next-line no-control-regex
  const normalised = target.replace(/[\u0000-\u001F\u007F]/g, '').replace(/\\/g, '/');
  if (!normalised.startsWith('/') || normalised.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(normalised, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The refusal for someone who may not pass: anonymous on a page goes to the login screen and
 * comes back afterwards; anonymous on a call gets 401 JSON; a signed-in user without the role
 * gets 403. Thrown, so loaders and actions stop right there.
 */
export function refusal(url: URL, user: SignedInUser | null): Response {
  if (isApiPath(url.pathname)) {
    return user
      ? Response.json({ success: false, error: authTexts.forbidden }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
      : Response.json({ success: false, error: authTexts.unauthenticated }, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  }
  if (!user) return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  throw data({ message: authTexts.forbidden }, { status: 403 });
}

function auditDenial(request: Request, context: Readonly<RouterContextProvider>, url: URL, user: SignedInUser | null, reason: string) {
  audit(getRuntime(context).logger, 'authorization_denied', {
    accountId: user?.id ?? null,
    ip: context.get(clientAddressContext),
    method: request.method,
    path: url.pathname,
    reason,
  });
}

/**
 * For loaders and actions: the signed-in user holding one of `roles` (any signed-in user when
 * none are named), or a thrown refusal.
 *
 *   const user = await requireRole(request, context, 'admin');
 */
export async function requireRole(request: Request, context: Readonly<RouterContextProvider>, ...roles: Role[]): Promise<SignedInUser> {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  if (!user || (roles.length > 0 && !roles.some((r) => user.roles.includes(r)))) {
    auditDenial(request, context, url, user, user ? `needs ${roles.join('|')}` : 'not signed in');
    throw refusal(url, user);
  }
  return user;
}

/**
 * Checks a request against the route table (app/auth/route-access.ts) by its matched route
 * pattern. The root middleware runs this for every page, call and action. Returns the user
 * (null on a public route) or throws the refusal.
 */
export async function requireRouteAccess(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  pattern: string;
  url?: URL;
}): Promise<SignedInUser | null> {
  const { request, context, pattern } = args;
  const url = args.url ?? new URL(request.url);
  const { rule, listed } = ruleFor(pattern);
  if (!listed) {
    getRuntime(context).logger.error({ pattern }, 'route is missing from app/auth/route-access.ts: refused to all but admins');
  }
  const allowed = allowedFor(rule, request.method);
  // Public routes cost no session lookup here; a loader that shows the user asks for it.
  if (allowed === 'public') return null;
  const user = await getUser(request, context);
  if (!permits(allowed, user?.roles ?? null)) {
    auditDenial(request, context, url, user, `route ${pattern} needs ${typeof allowed === 'string' ? allowed : allowed.join('|')}`);
    throw refusal(url, user);
  }
  return user;
}
