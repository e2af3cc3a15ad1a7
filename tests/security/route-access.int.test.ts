import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../apps/web/app/routes';
import { allowedFor, normalizePattern, permits, ruleFor } from '../../apps/web/app/auth/route-access';
import { adminStaffTexts } from '../../apps/web/app/staff-area/texts';
import { signInEveryone, type Identity } from './support/identities';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * The whole route table, walked for every identity: each route and call gives exactly the
 * allowed outcome — through to the screen or call, a redirect to /login, 401 or 403. The store
 * half (a member of one store against another's store-bound routes) is walked in
 * store-scope.int.test.ts, over the demo's two stores (decision 400).
 */
interface RouteEntry {
  file: string;
  path?: string | undefined;
  index?: boolean | undefined;
  children?: RouteEntry[] | undefined;
}

function patternsOf(entries: readonly RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ''].filter(Boolean).join('/');
    return [...(entry.index || entry.path !== undefined ? [normalizePattern(own)] : []), ...patternsOf(entry.children ?? [], own)];
  });
}

/** A concrete URL for a pattern: parameters and splats get harmless sample values. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:[^/]*/g, 'sample-1').replace(/\*$/, 'no-such-thing');
}

/** Writes that end the caller's own session are checked in the auth suite, not here. */
const sessionEnding = new Set(['/logout', '/api/auth/logout']);
const NOT_STORE_STAFF = adminStaffTexts.notStoreStaff;

const patterns = [...new Set(patternsOf(routes as RouteEntry[]))].sort();

describe('route table', () => {
  it('lists every route of app/routes.ts', () => {
    const missing = patterns.filter((p) => !ruleFor(p).listed);
    expect(missing, 'add these routes to apps/web/app/auth/route-access.ts').toEqual([]);
  });

  // The policy, written independently of the table, so a wrong table entry fails too.
  const who = (pattern: string, method = 'GET') => {
    const allowed = allowedFor(ruleFor(pattern).rule, method);
    return typeof allowed === 'string' ? allowed : [...allowed].sort();
  };
  it('gives /admin to admins only', () => {
    for (const p of patterns.filter((p) => p === '/admin' || p.startsWith('/admin/'))) expect(who(p), p).toEqual(['admin']);
    expect(who('/admin/users')).toEqual(['admin']);
  });
  it('gives monitor and kitchen screens, schedule, checkout and token grants to admin or monitor', () => {
    for (const p of ['/monitor', '/monitor/reservation', '/monitor/checkout', '/kitchen', '/kitchen/history', '/kitchen/stock'])
      expect(who(p), p).toEqual(['admin', 'monitor']);
    for (const p of [
      '/api/admin/reservations/status',
      '/api/admin/reservations/:id/grant-token',
      '/api/orders/ready',
      '/api/orders/:id/complete',
      '/api/admin/menu-stock',
    ]) {
      expect(who(p, 'POST'), p).toEqual(['admin', 'monitor']);
    }
  });
  it('opens the guest-at-the-table screens and calls to anyone (the call checks the token), and the floor’s to admin or monitor', () => {
    for (const p of [
      '/order/top',
      '/order/food',
      '/order',
      '/order/join',
      '/checkout',
      '/api/orders/qr-checkin',
      '/api/qr-token',
      '/api/orders',
      '/api/orders/menu',
      // A pass or a guest's token is checked by the call (decisions 151, 152).
      '/api/orders/join',
      '/api/orders/invite',
    ])
      expect(who(p, 'POST'), p).toBe('public');
    for (const p of ['/api/orders/by-reservation/:id', '/api/orders/checkout']) expect(who(p), p).toBe('public');
    for (const p of ['/monitor/order', '/monitor/kitchen', '/monitor/stock', '/monitor/checkout', '/monitor/qr-codes', '/kitchen/history', '/kitchen/stock'])
      expect(who(p), p).toEqual(['admin', 'monitor']);
    for (const p of ['/api/orders/completed', '/api/orders/:id/restore', '/api/admin/menu-stock/:id', '/api/orders/seat-party'])
      expect(who(p, 'POST'), p).toEqual(['admin', 'monitor']);
    for (const p of ['/admin/tax-management', '/admin/store-coordinates', '/admin/order-limits']) expect(who(p, 'POST'), p).toEqual(['admin']);
    // No-shows (decision 156): monitors record one, only admins take one back.
    expect(who('/api/admin/reservations/:id/no-show', 'POST')).toEqual(['admin', 'monitor']);
    expect(who('/api/admin/reservations/:id/revert-no-show', 'POST')).toEqual(['admin']);
    expect(who('/api/admin/menu/menu-category')).toBe('public');
  });
  it('gives /staff screens to staff or admin', () => {
    for (const p of ['/staff', '/staff/shift-submit', '/staff/view-shift', '/staff/recipe']) expect(who(p), p).toEqual(['admin', 'staff']);
  });
  it('keeps customer pages and the sign-in calls public, and reference data admin-only to change', () => {
    for (const p of ['/moncafe', '/menu', '/reservation', '/login', '/auth/callback', '/api/auth/login', '/api/auth/register', '/api/auth/status'])
      expect(who(p, 'POST'), p).toBe('public');
    expect(who('/api/admin/menu')).toBe('public');
    expect(who('/api/admin/menu', 'POST')).toEqual(['admin']);
  });
  // Admin history and database (decisions 140–142)
  it('gives the history, the database screen and its export, import and rebuild calls to admins only', () => {
    for (const p of ['/admin/history', '/admin/database', '/api/admin/database', '/api/admin/database/export', '/api/admin/database/import'])
      for (const method of ['GET', 'POST'] as const) expect(who(p, method), `${method} ${p}`).toEqual(['admin']);
  });
});

describe('every route and call, for every identity', () => {
  let server: TestWebServer;
  let identities: Identity[];

  beforeAll(async () => {
    server = await startTestWebServer({ env: { DEMO_DATA: '0' } });
    identities = await signInEveryone(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  // A walk of every route for every identity: its time grows with the route table, so its bound is its own.
  it('gives exactly the allowed outcome', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const identity of identities) {
      // A new minute for each identity, so the general per-IP /api limit never shapes the outcome.
      await server.advanceClock(61_000);
      for (const pattern of patterns) {
        for (const method of ['GET', 'POST'] as const) {
          if (method === 'POST' && sessionEnding.has(pattern)) continue;
          const url = sampleUrl(pattern);
          const response = await identity.client.send(method, url, method === 'POST' ? { json: {} } : {});
          // A store-bound staff call's own membership refusal comes after the route table let the caller in (decision 162).
          const refusal = response.status === 403 ? await response.text() : (await response.body?.cancel(), '');
          const notStoreStaff = refusal.includes(NOT_STORE_STAFF);
          checked++;
          const allowed = permits(allowedFor(ruleFor(pattern).rule, method), identity.roles);
          const location = response.headers.get('location') ?? '';
          const toLogin = response.status === 302 && location.startsWith('/login?redirectTo=');
          const api = url.startsWith('/api/');
          let ok: boolean;
          let expected: string;
          if (allowed) {
            expected = 'through (no 401, 403 or login redirect)';
            ok = response.status !== 401 && (response.status !== 403 || notStoreStaff) && !toLogin && response.status < 500;
          } else if (identity.roles === null) {
            expected = api ? '401' : `302 to /login?redirectTo=${encodeURIComponent(url)}`;
            ok = api ? response.status === 401 : toLogin && location === `/login?redirectTo=${encodeURIComponent(url)}`;
          } else {
            expected = '403';
            ok = response.status === 403 && !notStoreStaff;
          }
          if (!ok) failures.push(`${identity.name} ${method} ${url}: got ${response.status} ${location} — expected ${expected}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(patterns.length * 8);
  });
});
