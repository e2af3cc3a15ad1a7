import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { freePort, startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Sign-in through an OpenID Connect provider, end to end: a local oidc-provider plays LINE or
 * Google; the browser's part (redirects, the provider's login and consent forms) is walked
 * over HTTP with a cookie jar per site.
 */
const CLIENT_ID = 'moncafe-test';
const CLIENT_SECRET = 'moncafe-test-secret-that-is-long-enough';

/** The provider's side of the browser: its own cookies, following its redirects and forms. */
function providerBrowser() {
  const jar = new Map<string, string>();
  async function fetchWithJar(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value) jar.set(pair!.slice(0, eq), value);
      else jar.delete(pair!.slice(0, eq));
    }
    return response;
  }
  /** Follows the provider until it redirects back to `callbackPrefix`; signs in as `login` on the way. */
  return async function untilCallback(start: string, callbackPrefix: string, login: string): Promise<URL> {
    let url = start;
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(callbackPrefix)) return new URL(url);
      const response = await fetchWithJar(url);
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location')!, url).toString();
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
      const form: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
      const posted = await fetchWithJar(new URL(action.replace(/&amp;/g, '&'), url).toString(), { method: 'POST', body: new URLSearchParams(form) });
      url = new URL(posted.headers.get('location')!, url).toString();
    }
    throw new Error('the provider never redirected back');
  };
}

describe('OpenID Connect sign-in against a local provider', () => {
  let app: TestWebServer;
  let providerServer: Server;
  let issuer: string;

  beforeAll(async () => {
    const appPort = await freePort();
    const providerPort = await freePort();
    issuer = `http://localhost:${providerPort}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`http://localhost:${appPort}/auth/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx: unknown, sub: string) => ({
        accountId: sub,
        claims: async () => ({ sub, email: `${sub}@line.example`, email_verified: true, name: `${sub} (LINE)` }),
      }),
      cookies: { keys: ['oidc-test-cookie-key'] },
    });
    providerServer = provider.listen(providerPort, '127.0.0.1');
    app = await startTestWebServer({
      port: appPort,
      env: { DEMO_DATA: '0', OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_NAME: 'LINE' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => providerServer?.close(resolve));
  });

  async function startSignIn(browser: HttpClient, from: string): Promise<string> {
    const start = await browser.get(`/auth/oidc?redirectTo=${encodeURIComponent(from)}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(issuer);
    // PKCE with S256 and a state on every sign-in.
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    return authorize.toString();
  }

  it('offers the provider on the login screen', async () => {
    const html = await (await httpClient(app.url).get('/login')).text();
    expect(html).toContain('LINEでログイン');
  });

  it('signs the user in and lands on the page they came from', async () => {
    const browser = httpClient(app.url);
    const authorize = await startSignIn(browser, '/menu?category=drink');
    const callback = await providerBrowser()(authorize, `${app.url}/auth/callback`, 'alice');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const back = await browser.get(`${callback.pathname}${callback.search}`);
    expect(back.status).toBe(302);
    const success = back.headers.get('location')!;
    expect(success).toBe(`/auth/success?redirectTo=${encodeURIComponent('/menu?category=drink')}`);
    const page = await (await browser.get(success)).text();
    expect(page).toContain('data-redirect-to="/menu?category=drink"');
    expect(page).toContain('認証に成功しました');

    const status = (await (await browser.get('/api/auth/status')).json()) as { authenticated: boolean; user: { name: string; email: string } };
    expect(status).toMatchObject({ authenticated: true, user: { name: 'alice (LINE)', email: 'alice@line.example' } });

    // A second sign-in finds the same account instead of making another.
    const again = httpClient(app.url);
    const second = await providerBrowser()(await startSignIn(again, '/moncafe'), `${app.url}/auth/callback`, 'alice');
    expect((await again.get(`${second.pathname}${second.search}`)).status).toBe(302);
    const user = (await (await again.get('/api/auth/status')).json()) as { user: { id: string } };
    expect(user.user.id).toBe((status as unknown as { user: { id: string } }).user.id);
  });

  it('shows the failure card for a tampered state, and signs nobody in', async () => {
    const browser = httpClient(app.url);
    const callback = await providerBrowser()(await startSignIn(browser, '/moncafe'), `${app.url}/auth/callback`, 'mallory');
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const response = await browser.get(`${callback.pathname}${callback.search}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('認証に失敗しました');
    expect(html).toContain('認証パラメータが無効です');
    expect(html).toContain('href="/login"');
    expect(await (await browser.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });
  });

  it('shows the failure card for auth_failed and for missing parameters', async () => {
    for (const query of ['?message=auth_failed', '?code=abc', '?state=abc', '']) {
      const html = await (await httpClient(app.url).get(`/auth/callback${query}`)).text();
      expect(html, query).toContain('認証に失敗しました');
    }
  });
});
