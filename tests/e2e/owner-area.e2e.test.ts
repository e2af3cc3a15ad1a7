import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp } from '../support/accounts';
import { adminRoutes } from '../support/admin-routes';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, browserSuite } from '../support/browser';

const runs = browserAvailable();
const EAST = '2';
const WEST = '3';
const WEST_NAME = '西口公園店';

/**
 * The owner's area made for the owner (decisions 575, 576), at the owner's laptop size: signing in
 * takes each person to where they work, the admin area has its own bar and never the public header,
 * and the store a person chose is kept on their account, so a new browser opens on it.
 */
describe.runIf(runs)('the owner’s area in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  let admin: HttpClient;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  beforeAll(async () => {
    admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await offlineContext(browser, server.url, desktop);
    const page = problems.watch(await context.newPage());
    page.setDefaultTimeout(20_000);
    return { context, page };
  }

  async function signIn(page: Page, account: { email: string; password: string }, from = '/login') {
    await page.goto(from);
    const login = page.locator('form', { has: page.getByRole('heading', { name: 'ログイン' }) });
    await login.getByLabel('メールアドレス').fill(account.email);
    await login.getByLabel('パスワード').fill(account.password);
    await login.getByRole('button', { name: 'ログイン' }).click();
  }

  const storeSelect = (page: Page) => page.getByLabel('店舗を選択：');

  it('the owner signs in and lands on /admin; a second browser opens on the store she chose last; no admin route shows the public header', async () => {
    const owner = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const first = await freshPage();
    await signIn(first.page, owner);
    await first.page.waitForURL((url) => url.pathname === '/admin');
    await first.page.locator('.area[data-ready="true"]').waitFor();
    // Two stores and nothing chosen yet: she chooses once.
    expect(await storeSelect(first.page).inputValue()).toBe('');
    const kept = first.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/my-store');
    await storeSelect(first.page).selectOption(WEST);
    expect((await kept).status()).toBe(200);
    await first.context.close();

    const second = await freshPage();
    const { page } = second;
    await signIn(page, owner);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('.area[data-ready="true"]').waitFor();
    expect(await storeSelect(page).inputValue(), 'the store she chose in the other browser').toBe(WEST);
    expect(await page.locator('.area-bar-store').textContent()).toContain(WEST_NAME);
    await problems.screen(page, 'owner-home-1280');

    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const route of adminRoutes) {
      await page.goto(route);
      await page.locator('.area[data-ready="true"]').waitFor();
      expect(new URL(page.url()).pathname, `${route} opens with the store chosen`).toBe(route);
      expect(await page.locator('.site-header').count(), `${route}: the public header`).toBe(0);
      expect(await page.locator('.site-footer').count(), `${route}: the public footer`).toBe(0);
      const bar = page.getByRole('banner').or(page.locator('.area-bar'));
      expect(await bar.first().locator('.area-bar-store').textContent(), `${route}: the store in the bar`).toContain(WEST_NAME);
      expect(await bar.first().getByRole('button', { name: 'ログアウト' }).count(), `${route}: sign-out in the bar`).toBe(1);
      expect(await storeSelect(page).count(), `${route}: the store chooser one tap away`).toBe(1);
    }
    await second.context.close();
  });

  it('a staff member on one store’s list signs in, lands on /staff with that store chosen; a page asked for comes back after sign-in', async () => {
    const hana = { name: '花子 さん', email: 'owner-area-staff@moncafe.test', password: 'owner-area-staff-123' };
    const id = (await signUp(httpClient(server.url), hana)).id;
    expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
    expect((await admin.send('PUT', `/api/users/${id}`, { json: { store_id: EAST, wage: null } })).status).toBe(200);

    const { context, page } = await freshPage();
    await signIn(page, hana);
    await page.waitForURL((url) => url.pathname === '/staff');
    await page.locator('.area[data-ready="true"]').waitFor();
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await storeSelect(page).inputValue(), 'her only store, without choosing').toBe(EAST);
    expect(await page.getByRole('link', { name: 'シフト提出' }).getAttribute('aria-disabled')).toBeNull();
    await context.close();

    // Sent to sign in from a screen, she comes back to that screen.
    const again = await freshPage();
    await again.page.goto('/staff/recipe');
    await again.page.waitForURL((url) => url.pathname === '/login');
    const login = again.page.locator('form', { has: again.page.getByRole('heading', { name: 'ログイン' }) });
    await login.getByLabel('メールアドレス').fill(hana.email);
    await login.getByLabel('パスワード').fill(hana.password);
    await login.getByRole('button', { name: 'ログイン' }).click();
    await again.page.waitForURL((url) => url.pathname === '/staff/recipe');
    await again.context.close();
  });

  it('a staff member on two stores’ lists chooses once: until then the links wait and say so for 2 seconds', async () => {
    const jiro = { name: '次郎 さん', email: 'owner-area-two@moncafe.test', password: 'owner-area-two-123' };
    const id = (await signUp(httpClient(server.url), jiro)).id;
    expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
    for (const store of [EAST, WEST]) expect((await admin.send('PUT', `/api/users/${id}`, { json: { store_id: store, wage: null } })).status).toBe(200);
    const { context, page } = await freshPage();
    await signIn(page, jiro);
    await page.waitForURL((url) => url.pathname === '/staff');
    await page.locator('.area[data-ready="true"]').waitFor();
    const shiftLink = page.getByRole('link', { name: 'シフト提出' });
    expect(await shiftLink.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled: Playwright would wait for it to become enabled, a person just taps it.
    await shiftLink.click({ force: true });
    await page.getByRole('status').filter({ hasText: '店舗を選択してください' }).waitFor();
    const kept = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/my-store');
    await storeSelect(page).selectOption(WEST);
    expect((await kept).status()).toBe(200);
    await page.waitForFunction(() => !document.querySelector('a[aria-disabled="true"]'));
    await context.close();
  });

  it('a monitor account signs in and lands on /monitor', async () => {
    const tablet = { name: 'タブレット', email: 'owner-area-monitor@moncafe.test', password: 'owner-area-monitor-123' };
    const id = (await signUp(httpClient(server.url), tablet)).id;
    expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'monitor', grant: true })).status).toBe(200);
    const { context, page } = await freshPage();
    await signIn(page, tablet);
    await page.waitForURL((url) => url.pathname === '/monitor');
    await context.close();
  });
});
