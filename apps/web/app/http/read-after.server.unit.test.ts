import { describe, expect, it } from 'vitest';
import { hmacSigning } from '@moncafe/infra/auth/signing';
import type { Runtime } from '@moncafe/infra/runtime';
import { createAppLoadContext, type WebApp } from '#app/context';
import { READ_AFTER_COOKIE, readAfterCookie, readAfterPosition, readAfterWrites } from './read-after.server';

const signing = hmacSigning('a-test-secret-of-enough-length-for-hmac');
const request = (cookie?: string) => new Request('http://cafe.test/api/orders/menu', cookie ? { headers: { cookie } } : {});
/** The cookie pair a browser sends back from a Set-Cookie value. */
const pairOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('read-after cookie', () => {
  it('carries the position it was made for, and only with this server’s signature', () => {
    const made = readAfterCookie(4_021, { signing, secure: false });
    expect(made).toMatch(new RegExp(`^${READ_AFTER_COOKIE}=4021\\.[A-Za-z0-9_-]{22}; Path=/; HttpOnly; SameSite=Lax; Max-Age=10$`));
    expect(readAfterCookie(1, { signing, secure: true })).toMatch(/; Secure$/);
    expect(readAfterPosition(request(`a=b; ${pairOf(made)}`), signing)).toBe(4_021);
  });

  it('ignores a position the client made up, a signature of another secret, and malformed values', () => {
    const made = pairOf(readAfterCookie(4_021, { signing, secure: false }));
    const signature = made.split('.')[1]!;
    expect(readAfterPosition(request(`${READ_AFTER_COOKIE}=999999999.${signature}`), signing)).toBeNull();
    expect(readAfterPosition(request(made), hmacSigning('another-secret-another-secret-another'))).toBeNull();
    for (const value of ['4021', '-1.x', '4021.', `${'9'.repeat(16)}.${signature}`, `4021.${signature}x`]) {
      expect(readAfterPosition(request(`${READ_AFTER_COOKIE}=${value}`), signing)).toBeNull();
    }
    expect(readAfterPosition(request(), signing)).toBeNull();
  });
});

describe('readAfterWrites (the middleware)', () => {
  function harness() {
    const steps: string[] = [];
    const runtime = {
      signing,
      waitForProjections: async (position: number | null) => void steps.push(`wait ${position}`),
    } as unknown as Runtime;
    const context = createAppLoadContext({ runtime, services: {}, queries: {}, oidc: null } as unknown as WebApp);
    const run = (cookie?: string) =>
      readAfterWrites({ request: request(cookie), context, params: {} } as unknown as Parameters<typeof readAfterWrites>[0], async () => {
        steps.push('loader');
        return new Response('ok');
      });
    return { steps, run };
  }

  it('waits for the signed position before the loader or call runs', async () => {
    const { steps, run } = harness();
    const response = await run(pairOf(readAfterCookie(77, { signing, secure: false })));
    expect(await (response as Response).text()).toBe('ok');
    expect(steps).toEqual(['wait 77', 'loader']);
  });

  it('does not wait without a cookie or for a forged one', async () => {
    const { steps, run } = harness();
    await run();
    await run(`${READ_AFTER_COOKIE}=77.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(steps).toEqual(['loader', 'loader']);
  });
});
