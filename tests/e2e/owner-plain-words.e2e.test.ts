import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminRoutes } from '../support/admin-routes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, browserSuite } from '../support/browser';
import routes from '../../apps/web/app/routes';

const runs = browserAvailable();
const STORE = '2';

/** The first segment of every path in the route table (`admin`, `staff`, `api`, …), read from app/routes.ts. */
const topSegments = [
  ...new Set((routes as { path?: string }[]).map((r) => r.path?.split('/')[0]).filter((s): s is string => !!s && !s.startsWith(':') && s !== '*')),
];

/**
 * What a developer reads and an owner should not: each pattern names what it catches. A route
 * path is a slash and a segment of the route table standing on its own (not inside a web address
 * the owner gives out, which the screens show as a link to copy).
 */
const developerText: { what: string; pattern: RegExp }[] = [
  { what: 'a file path', pattern: /[\w-]+(?:\/[\w.-]+)*\.(?:md|ts|tsx|js|json|css|sql|html)\b/ },
  { what: 'a route path', pattern: new RegExp(`(?<![\\w.:/-])/(?:${topSegments.join('|')})(?=[/?\\s）)」、。]|$)`, 'm') },
  { what: 'an ISO date', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { what: 'a uuid', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i },
  { what: 'a ULID', pattern: /\b[0-9A-HJKMNP-TV-Z]{26}\b/ },
  { what: 'a prefixed internal id', pattern: /\b(?:evt|cor|req|acc|res|ord|rcp|hold|blob|img)_[A-Za-z0-9]{4,}\b/ },
];

/** The lines of `text` that hold developer text, each with what it holds. */
function developerWords(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) =>
      developerText.filter(({ pattern }) => pattern.test(line)).map(({ what, pattern }) => `${what}: ${line.match(pattern)![0]} in 「${line.trim()}」`),
    );
}

/**
 * Plain words on every owner screen (decision 651): signed in as the owner, every admin route
 * of the route table is opened and its visible text read; a file path, a route path, an ISO date
 * or an internal id there fails the walk. And the history says what a price change changed.
 */
describe.runIf(runs)('the owner’s screens in plain words', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  beforeAll(async () => {
    context = await offlineContext(browser, server.url, desktop);
    await context.addInitScript((store) => {
      // The script runs in every frame, also those without storage (about:blank).
      try {
        window.localStorage.setItem('adminStoreId', store);
      } catch {
        /* no storage here */
      }
    }, STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
  });

  async function settled(page: Page) {
    await page.locator('.area[data-ready="true"]').waitFor();
    // Screens that load their records after hydration mark themselves not ready until then.
    await page.waitForFunction(() => !document.querySelector('[data-ready="false"]'));
  }

  it('the walk’s patterns catch what they name and pass the owner’s words', () => {
    expect(developerWords('詳しくは docs/privacy.md をご覧ください')).toHaveLength(1);
    expect(developerWords('スタッフ画面 /staff/opening-prep に表示されます')).toHaveLength(1);
    expect(developerWords('2026-12-01 の予約')).toHaveLength(1);
    expect(developerWords('関連ID 0b0e5c6e-8a51-4c3e-9d5a-1f2e3d4c5b6a')).toHaveLength(1);
    expect(developerWords('01JDQ3Z8M6X7T9V2K4N5P8R0SW')).toHaveLength(1);
    expect(developerWords('evt_8sd9f7a6')).toHaveLength(1);
    expect(developerWords('2026年12月1日（火） 10:00〜18:00 ¥550 3/5 https://cafe.example.jp/reservation')).toEqual([]);
  });

  it('a price change reads in the history as the item and both prices', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto(`/admin/menu-manager?store_id=${STORE}`);
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    const row = page.locator('li[data-id="menu-blend"]');
    await row.getByRole('button', { name: 'ブレンドコーヒー 編集' }).click();
    await row.getByLabel('価格（円）').fill('550');
    await row.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByTestId('notice').first().textContent()).toBe('保存しました');

    await page.goto('/admin/history');
    await page.getByRole('heading', { name: '変更履歴' }).waitFor();
    const newest = page.getByTestId('history-entry').first();
    expect(await newest.locator('summary').first().textContent()).toContain('メニュー『ブレンドコーヒー』の価格 500円 → 550円');
    await page.close();
  });

  it('no admin route shows a file path, a route path, an ISO date or an internal id', async () => {
    const page = problems.watch(await context.newPage());
    expect(adminRoutes.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const route of adminRoutes) {
      await page.goto(`${route}?store_id=${STORE}`);
      await settled(page);
      const text = await page.locator('body').innerText();
      found.push(...developerWords(text).map((line) => `${route}: ${line}`));
    }
    expect(found).toEqual([]);
    await page.close();
  });
});
