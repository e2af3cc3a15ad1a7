import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, pageProblems, phone, startBrowser } from '../support/browser';
import { AT_DEMO_STORE, DEMO_STORE } from '../support/table-order';

const runs = browserAvailable();

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

  /**
   * How far a page reaches beyond the phone's width (0: nothing scrolls sideways). A mobile browser
   * widens its layout viewport (innerWidth) to a too-wide page, so the width is the screen's.
   */
  const overflow = (page: Page) => page.evaluate((width) => document.documentElement.scrollWidth - width, page.viewportSize()!.width);

  it('no staff page scrolls sideways on a phone; the menu folds behind メニュー and the public header is gone (items 3, 4)', async () => {
    const { context, page } = await ownerAt(phone);
    const staffPages = ['', 'shift-submit', 'view-shift', 'opening-prep', 'close-prep', 'order', 'recipe', 'serve-method'];
    const overflows: string[] = [];
    for (const sub of staffPages) {
      const path = sub ? `/staff/${sub}` : '/staff';
      await page.goto(path);
      await page.locator('.area[data-ready="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.site-header').count(), `${path}: the public header`).toBe(0);
      await problems.screen(page, `phone-staff-${sub || 'home'}`);
      overflows.push(`${path}: ${await overflow(page)}`);
    }
    expect(overflows, 'px beyond the phone’s width').toEqual(staffPages.map((sub) => `${sub ? `/staff/${sub}` : '/staff'}: 0`));
    // The menu is folded: the screen comes first, and one tap opens the menu.
    const firstLink = page.getByRole('navigation', { name: 'スタッフ' }).getByRole('link', { name: 'シフト提出' });
    expect(await firstLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'メニュー' }).tap();
    await firstLink.tap();
    await page.waitForURL('**/staff/shift-submit');
    await expect.poll(() => firstLink.isVisible(), { message: 'the menu closes after a move' }).toBe(false);
    await context.close();
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
