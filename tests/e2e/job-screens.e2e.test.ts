import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, pageProblems, phone, startBrowser } from '../support/browser';
import { AT_DEMO_STORE, DEMO_STORE } from '../support/table-order';

const runs = browserAvailable();

/** The kitchen's and the floor's tablet (landscape). */
const tablet = { viewport: { width: 1024, height: 768 }, hasTouch: true, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' } as const;

/**
 * Screens made for the job (issue 29), each at the size of the person who uses it: the owner on a
 * laptop, staff on a phone, the kitchen on a tablet.
 */
describe.runIf(runs)('screens made for the job', () => {
  let server: TestWebServer;
  let browser: Browser;
  let admin: HttpClient;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());

  /** A signed-in owner's browser at `screen`, with the demo store chosen in every area. */
  async function ownerAt(screen: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
    const context = await offlineContext(browser, server.url, screen);
    await context.addInitScript((store) => {
      window.localStorage.setItem('staffStoreId', store);
      window.localStorage.setItem('adminStoreId', store);
    }, DEMO_STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
    const page = problems.watch(await context.newPage());
    page.setDefaultTimeout(20_000);
    return { context, page };
  }

  beforeAll(async () => {
    server = await startTestWebServer();
    browser = await startBrowser();
    admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('store coordinates opened from the sidebar show the saved latitude and longitude (item 2: 保存 there removed the geofence)', async () => {
    const { context, page } = await ownerAt(desktop);
    await page.goto('/admin');
    await page.locator('.area[data-ready="true"]').waitFor();
    await page.getByRole('link', { name: '店舗位置情報' }).click();
    await page.waitForURL(/store_id=/);
    await expect.poll(() => page.getByLabel('緯度').inputValue()).toBe(String(AT_DEMO_STORE.lat));
    expect(await page.getByLabel('経度').inputValue()).toBe(String(AT_DEMO_STORE.lng));
    await context.close();
  });
});
