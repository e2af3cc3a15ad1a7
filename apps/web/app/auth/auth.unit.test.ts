import { describe, expect, it } from 'vitest';
import { areaHomeOf } from './area-home';
import { isCrossSiteWriteFrom } from './csrf';
import { safeRedirectTarget } from './require-role.server';
import { allowedFor, normalizePattern, permits, ruleFor } from './route-access';
import { contentSecurityPolicy } from './security-headers';

const write = { method: 'POST', host: 'cafe.example', origin: null, secFetchSite: null };

describe('cross-site write check', () => {
  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteWriteFrom({ ...write, method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site' })).toBe(false);
  });
  it('refuses writes a browser marks as cross-site or same-site', () => {
    expect(isCrossSiteWriteFrom({ ...write, secFetchSite: 'cross-site' })).toBe(true);
    expect(isCrossSiteWriteFrom({ ...write, secFetchSite: 'same-site' })).toBe(true);
    expect(isCrossSiteWriteFrom({ ...write, secFetchSite: 'same-origin', origin: 'https://cafe.example' })).toBe(false);
  });
  it('refuses a foreign or opaque Origin, accepting our host or PUBLIC_URL', () => {
    expect(isCrossSiteWriteFrom({ ...write, origin: 'https://evil.example' })).toBe(true);
    expect(isCrossSiteWriteFrom({ ...write, origin: 'null' })).toBe(true);
    expect(isCrossSiteWriteFrom({ ...write, origin: 'https://cafe.example' })).toBe(false);
    expect(isCrossSiteWriteFrom({ ...write, host: 'internal:3000', origin: 'https://cafe.example' }, ['https://cafe.example'])).toBe(false);
    expect(isCrossSiteWriteFrom({ ...write, method: 'DELETE', origin: 'https://cafe.example.evil.example' }, ['https://cafe.example'])).toBe(true);
  });
  it('lets through a write that carries neither header (not a browser page)', () => {
    expect(isCrossSiteWriteFrom(write)).toBe(false);
  });
});

describe('route table lookups', () => {
  it('ignores parameter names and slashes', () => {
    expect(normalizePattern('api/store-opening-tasks/:storeId')).toBe('/api/store-opening-tasks/:');
    expect(ruleFor('api/store-opening-tasks/:storeId').listed).toBe(true);
    expect(normalizePattern('/')).toBe('/');
  });
  it('refuses unlisted routes to all but admins', () => {
    const { rule, listed } = ruleFor('/secret/thing');
    expect(listed).toBe(false);
    expect(permits(allowedFor(rule, 'GET'), ['customer', 'staff', 'monitor'])).toBe(false);
    expect(permits(allowedFor(rule, 'GET'), ['customer', 'admin'])).toBe(true);
  });
  it('separates reading from changing', () => {
    const { rule } = ruleFor('/api/admin/menu');
    expect(permits(allowedFor(rule, 'GET'), null)).toBe(true);
    expect(permits(allowedFor(rule, 'POST'), ['customer', 'staff'])).toBe(false);
    expect(permits(allowedFor(rule, 'PUT'), ['customer', 'admin'])).toBe(true);
  });
});

describe('redirect after sign-in', () => {
  it('takes a person no page asked for to the home of the area they work in', () => {
    expect(areaHomeOf(['customer', 'staff', 'admin'])).toBe('/admin');
    expect(areaHomeOf(['customer', 'monitor', 'staff'])).toBe('/monitor');
    expect(areaHomeOf(['customer', 'staff'])).toBe('/staff');
    expect(areaHomeOf(['customer'])).toBe('/moncafe');
  });

  it('only returns to paths on this site', () => {
    expect(safeRedirectTarget('/staff?x=1')).toBe('/staff?x=1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirectTarget(bad)).toBe('/moncafe');
    }
  });

  it('drops control characters and reads backslashes as slashes first, as browsers do (finding 4)', () => {
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '\t//evil.example',
      '/\u0000/evil.example',
    ]) {
      expect(safeRedirectTarget(bad), JSON.stringify(bad)).toBe('/moncafe');
    }
    expect(safeRedirectTarget('/staff\r\nSet-Cookie: x=1')).toBe('/staffSet-Cookie:%20x=1');
    expect(safeRedirectTarget('/my-reservations?x=1#top')).toBe('/my-reservations?x=1#top');
  });
});

describe('content security policy', () => {
  it('allows scripts only from our origin or with the nonce, and no framing', () => {
    const csp = contentSecurityPolicy('abc', { production: true });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('ws:');
  });
});
