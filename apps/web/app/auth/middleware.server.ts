import type { MiddlewareFunction } from 'react-router';
import { staffRoles } from '@moncafe/domain/account/events';
import { unstorableTextIn } from '@moncafe/domain/text';
import { audit } from '@moncafe/infra/auth/audit';
import { rateLimit, rateLimits } from '@moncafe/infra/auth/rate-limit';
import { clientAddressContext, getRuntime } from '#app/context';
import { serviceUnavailable, tooManyRequests } from '#app/http/json.server';
import { databaseUnavailable } from '@moncafe/infra/db/unavailable';
import { readAfterWrites } from '#app/http/read-after.server';
import { callTexts } from '#app/http/texts';
import { isCrossSiteWrite } from './csrf';
import { isApiPath, requireRouteAccess } from './require-role.server';
import { getUser } from './session.server';
import { requireStoreAccess } from './store-access.server';
import { authTexts } from './texts';

/**
 * Refuses a query or path that is not storable text, cross-site writes, applies the general
 * per-IP limit on /api, then checks the route table.
 */
const guard: MiddlewareFunction<Response> = async (args, next) => {
  try {
    return await guarded(args, next);
  } catch (error) {
    // The database is away (a restart): the limit and the session could not be read, so the
    // request waits for it like every other (503 with Retry-After, decision 194).
    if (databaseUnavailable(error)) return serviceUnavailable();
    throw error;
  }
};

const guarded: MiddlewareFunction<Response> = async (args, next) => {
  const { request, context, pattern } = args;
  const url = args.url ?? new URL(request.url);
  const runtime = getRuntime(context);
  const ip = context.get(clientAddressContext);

  // The one edge of every page loader, its `.data` twin and every call: no string with U+0000 or
  // an unpaired surrogate reaches a loader, so none can hand one to PostgreSQL (a 500 before).
  // Calls check the same again in json.server.ts; docs/security.md, decision 163.
  if (unstorableTextIn([...url.searchParams]) !== null || unstorableTextIn(args.params) !== null) {
    return Response.json({ success: false, error: callTexts.textRefused, field: 'query' }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }

  if (isCrossSiteWrite(request, [runtime.config.publicUrl])) {
    audit(runtime.logger, 'csrf_refused', {
      ip,
      method: request.method,
      path: url.pathname,
      origin: request.headers.get('origin'),
      secFetchSite: request.headers.get('sec-fetch-site'),
    });
    return Response.json({ success: false, error: authTexts.crossSite }, { status: 403 });
  }

  // Signed-in staff are not counted against their address (decision 431): every tablet, kitchen
  // screen and guest phone of a café usually shares the one address of its router, and the
  // owner's evening (300 phone bookings, the schedule read again and again, drags) passed the
  // 600 calls a minute meant for anonymous scripts. Their calls are checked by role below.
  // A staff account is counted on its own instead, with room for a busy evening's screens: a
  // stolen staff session is still slowed.
  if (isApiPath(url.pathname) && ip) {
    const staff = await signedInStaff(request, context);
    const limited = staff
      ? await rateLimit(runtime, { key: `api:account:${staff}`, ...rateLimits.apiPerStaffAccount })
      : await rateLimit(runtime, { key: `api:ip:${ip}`, ...rateLimits.apiPerIp });
    if (!limited.ok) {
      audit(runtime.logger, 'rate_limited', { ip, path: url.pathname, reason: staff ? 'api per staff account' : 'api per ip' });
      return tooManyRequests(limited.retryAfterSeconds);
    }
  }

  const user = await requireRouteAccess({ request, context, pattern, url });
  // A store-bound route: the store's membership too (app/auth/store-bound.ts, decision 400).
  await requireStoreAccess({ request, context, pattern, params: args.params, user });
  const response = await next();
  return isApiPath(url.pathname) ? (methodRefusal(response, request.method) ?? response) : response;
};

/** The account id of a session with a staff role, else null (guests' accounts do not count). */
async function signedInStaff(request: Request, context: Parameters<typeof getUser>[1]): Promise<string | null> {
  const user = await getUser(request, context);
  return user?.roles.some((role) => (staffRoles as readonly string[]).includes(role)) ? user.id : null;
}

/**
 * A GET on a call that only has an action (or a POST on one that only reads): React Router
 * answers its own 400 or 405 (`{"message": …}`), never the JSON edge's (which always carries
 * X-Correlation-Id). It becomes a plain 405 with `Allow`; entry.server.tsx's `handleError` does
 * not log it, so a probe cannot fill the log with stack traces (decision 054).
 */
function methodRefusal(response: Response, method: string): Response | null {
  if (response.headers.has('X-Correlation-Id')) return null;
  const reading = method === 'GET' || method === 'HEAD';
  if (!(response.status === 405 || (response.status === 400 && reading))) return null;
  return Response.json(
    { success: false, error: callTexts.methodNotAllowed },
    { status: 405, headers: { Allow: reading ? 'POST' : 'GET, HEAD', 'Cache-Control': 'no-store' } },
  );
}

/**
 * The security baseline of every request: the root route's server middleware, so no page,
 * call or action can skip it.  In app/root.tsx: `export const middleware = securityMiddleware;`
 * (The security headers and the CSP nonce come from the outermost layer, app/http/answer-edge.ts,
 * so static files and express's own answers carry them too.) After the guard, a request that
 * follows this browser's order waits for the read models to hold it (read-after.server.ts).
 */
export const securityMiddleware: MiddlewareFunction<Response>[] = [guard, readAfterWrites];
