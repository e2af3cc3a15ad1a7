import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, browserSuite } from '../support/browser';
import { signUp } from '../support/accounts';

const runs = browserAvailable();
const EAST = '2';
const WEST = '3';
const NOT_STORE_STAFF = 'この店舗のスタッフではありません。';

/**
 * People across stores in the browser (decision 400): a staff member and a
 * monitor account of the first store only, whose browser still keeps the second store as its
 * choice, are offered only the first store, open their screens on it without choosing (one
 * store's list, decision 576), and the server refuses the second store's calls from the page.
 */
describe.runIf(runs)('people across stores in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  let admin: HttpClient;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  async function member(name: string, role: 'staff' | 'monitor') {
    const account = { name: `${name} さん`, email: `${name}@moncafe.test`, password: `${name}-password-123` };
    const id = (await signUp(httpClient(server.url), account)).id;
    expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role, grant: true })).status).toBe(200);
    expect((await admin.send('PUT', `/api/users/${id}`, { json: { store_id: EAST, wage: null } })).status).toBe(200);
    return account;
  }

  /** A browser signed in as `account`, its kept store choices naming the second store. */
  async function pageOf(account: { email: string; password: string }): Promise<Page> {
    const context = await offlineContext(browser, server.url, desktop);
    await context.addInitScript((store) => {
      window.localStorage.setItem('staffStoreId', store);
      window.localStorage.setItem('adminStoreId', store);
    }, WEST);
    expect((await context.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    return problems.watch(await context.newPage());
  }

  const choices = (page: Page) =>
    page
      .getByLabel('店舗を選択：')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  /** A call from the page, as its screens make them. */
  const callFrom = (page: Page, url: string) =>
    page.evaluate(async (u) => {
      const response = await fetch(u);
      return { status: response.status, text: await response.text() };
    }, url);

  beforeAll(async () => {
    admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('a staff member of the first store only cannot open the second store’s staff screens', async () => {
    const page = await pageOf(await member('east-staff', 'staff'));
    await page.goto('/staff/recipe');
    // The kept second store is no choice of hers: the screen opens on her only store instead.
    await page.locator('.area[data-ready="true"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/recipe');
    expect(await choices(page)).toEqual(['', EAST]);
    expect(await page.getByLabel('店舗を選択：').inputValue()).toBe(EAST);
    expect(await page.evaluate(() => window.localStorage.getItem('staffStoreId'))).toBe(EAST);
    // The server refuses the second store's calls whatever the page asks.
    for (const url of [`/api/recipes?store_id=${WEST}`, `/api/store-opening-tasks/${WEST}`, `/api/users?store_id=${WEST}`]) {
      const answer = await callFrom(page, url);
      expect(answer.status, url).toBe(403);
      expect(answer.text, url).toContain(NOT_STORE_STAFF);
    }
    // Her own store's screen is open.
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    expect((await callFrom(page, `/api/recipes?store_id=${EAST}`)).status).toBe(200);
    await page.context().close();
  });

  it('a monitor account limited to the first store is offered it only, and refused the second’s kitchen', async () => {
    const page = await pageOf(await member('east-tablet', 'monitor'));
    await page.goto('/monitor');
    await page.locator('.area[data-ready="true"]').waitFor();
    expect(await choices(page)).toEqual(['', EAST]);
    expect(await page.getByLabel('店舗を選択：').inputValue()).toBe(EAST);
    const refused = await callFrom(page, `/api/orders/ready?store_id=${WEST}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(NOT_STORE_STAFF);
    const page2 = await page.context().newPage();
    const second = await page2.goto(`/monitor/qr-codes?store_id=${WEST}`);
    expect(second?.status()).toBe(403);
    expect((await callFrom(page, `/api/orders/ready?store_id=${EAST}`)).status).toBe(200);
    await page.context().close();
  });
});
