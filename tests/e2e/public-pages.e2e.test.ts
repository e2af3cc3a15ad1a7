import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestWebServer, waitForAnswer } from '../support/web-server';
import { DEMO_STORE } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { browserAvailable, followServerClock, offlineContext, phone, browserSuite } from '../support/browser';

interface CardRow {
  card_type: string;
  title: string;
}
interface MenuRow {
  name: string;
  category: string;
  show_on_menu: boolean;
}

const runs = browserAvailable();

describe.runIf(runs)('public pages on a phone', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  let cards: CardRow[];
  let menu: MenuRow[];
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  async function openPage(): Promise<Page> {
    return problems.watch(await context.newPage());
  }

  beforeAll(async () => {
    const getJson = async <T>(p: string) => (await (await fetch(server.url + p)).json()) as T;
    cards = await waitForAnswer(
      () => getJson<CardRow[]>('/api/admin/homepage-settings'),
      (a) => a.length > 0,
    );
    menu = await waitForAnswer(
      // The page shows the first store's menu (menus are per store, decision 321).
      () => getJson<MenuRow[]>(`/api/admin/menu?store_id=${DEMO_STORE}`),
      (a) => a.length > 0,
    );
    // Nothing may come from the internet: the map iframe and any stray request stay blank offline.
    context = await offlineContext(browser, server.url, phone);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('a guest sees the homepage cards and this month and next on the calendar', async () => {
    const page = await openPage();
    await page.goto('/moncafe');
    await expect(page.title()).resolves.toBe('ホーム | MonCafe');

    for (const card of cards.filter((c) => c.card_type !== 'calendar' && c.title)) {
      await page.getByRole('heading', { name: card.title }).waitFor();
    }
    const calendar = page.getByTestId('calendar-card');
    await calendar.waitFor();
    const previous = calendar.getByRole('button', { name: '前の月' });
    const next = calendar.getByRole('button', { name: '次の月' });
    const month = calendar.getByTestId('calendar-month');
    const thisMonth = await month.textContent();
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    // Closed days from the business hours carry 休.
    const hours = (await (await fetch(`${server.url}/api/admin/business-hours`)).json()) as Record<string, { is_closed: boolean }>;
    const closed = Object.entries(hours)
      .filter(([, day]) => day.is_closed)
      .map(([date]) => date);
    expect(await calendar.locator('td.closed').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date')))).toEqual(closed);
    expect(await calendar.locator('td.closed .closed-mark').allTextContents()).toEqual(closed.map(() => '休'));
    // Sunday-to-Saturday header.
    expect(await calendar.locator('thead th').allTextContents()).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    await problems.screen(page, 'home-phone');

    await next.click();
    await expect.poll(() => month.textContent()).not.toBe(thisMonth);
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.isDisabled()).toBe(false);
    await previous.click();
    await expect.poll(() => month.textContent()).toBe(thisMonth);
    await page.close();
  });

  it('card links navigate in the app, or open a new tab for other sites', async () => {
    const page = await openPage();
    await page.goto('/moncafe');
    const external = page.locator('a.card-link[target="_blank"]');
    expect(await external.count()).toBeGreaterThan(0);
    for (const rel of await external.evaluateAll((links) => links.map((a) => a.getAttribute('rel') ?? ''))) {
      expect(rel.split(' ')).toContain('noopener');
    }
    const menuCard = page.locator('a.card-link[href="/menu"]');
    await menuCard.click();
    await page.getByTestId('menu-list').waitFor();
    expect(new URL(page.url()).pathname).toBe('/menu');
    await page.close();
  });

  it('inside the LINE app, a reservation link offers to reopen in the external browser', async () => {
    const line = await browser.newContext({
      ...phone,
      baseURL: server.url,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0',
    });
    await followServerClock(line, server.url);
    const page = await line.newPage();
    await page.goto('/moncafe');
    const reservationCard = page.locator('a.card-link[href*="reservation"]');
    await reservationCard.waitFor();
    const href = (await reservationCard.getAttribute('href')) ?? '';
    let prompt = '';
    page.once('dialog', (dialog) => {
      prompt = dialog.message();
      void dialog.accept();
    });
    const request = page.waitForRequest((r) => r.url().includes('openExternalBrowser=1'));
    await reservationCard.click();
    const url = new URL((await request).url());
    expect(prompt).toContain('外部ブラウザ');
    expect(url.pathname).toBe(new URL(href, server.url).pathname);
    expect(url.searchParams.get('openExternalBrowser')).toBe('1');
    await line.close();
  });

  it('a guest chooses the store whose menu is shown; the link names the store (decision 321)', async () => {
    const page = await openPage();
    await page.goto('/menu');
    await page.getByTestId('menu-list').waitFor();
    const choice = page.getByTestId('menu-store-choice');
    expect(await choice.getByRole('link').allTextContents()).toEqual(['MonCafe 駅前店', 'MonCafe 西口公園店']);
    // The first store's menu, without the morning set only the second store sells.
    expect(await page.getByTestId('menu-card').getByRole('heading').allTextContents()).not.toContain('モーニングセット');
    await choice.getByRole('link', { name: 'MonCafe 西口公園店' }).click();
    await page.getByRole('heading', { name: 'モーニングセット' }).waitFor();
    expect(new URL(page.url()).searchParams.get('store_id')).toBe('3');
    // Its own short menu: two drinks, the morning set and its brunch course.
    expect(await page.getByTestId('menu-card').getByRole('heading').allTextContents()).toEqual([
      'ブレンドコーヒー',
      'カフェラテ',
      'モーニングセット',
      'ブランチコース',
    ]);
    await page.close();
  });

  it('a broken menu image is hidden, not shown broken', async () => {
    const page = await openPage();
    await page.route('**/images/menu/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/menu');
    await page.getByTestId('menu-list').waitFor();
    const first = page.getByTestId('menu-card').first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.locator('img').count()).toBe(0);
    await page.close();
  });

  it('a guest filters the menu by category', async () => {
    const page = await openPage();
    await page.goto('/menu');
    await expect(page.title()).resolves.toBe('メニュー | MonCafe');
    const shown = menu.filter((item) => item.show_on_menu);
    const cardsOnPage = page.getByTestId('menu-card');
    await page.getByTestId('menu-list').waitFor();
    await expect.poll(() => cardsOnPage.count()).toBe(shown.length);
    for (const item of shown) {
      await page.getByRole('heading', { name: item.name, exact: true }).waitFor();
    }
    // Images that load stay visible (the broken-image test below relies on this being so).
    await expect
      .poll(() =>
        cardsOnPage
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await problems.screen(page, 'menu-phone');

    const filters: [string, string][] = [
      ['ドリンク', 'drink'],
      ['フード', 'food'],
      ['デザート', 'dessert'],
    ];
    for (const [label, category] of filters) {
      await page.getByRole('button', { name: label, exact: true }).click();
      const expected = shown.filter((item) => item.category === category).length;
      await expect.poll(() => cardsOnPage.count()).toBe(expected);
      const categories = await cardsOnPage.evaluateAll((els) => els.map((el) => el.getAttribute('data-category')));
      expect(categories.every((c) => c === category)).toBe(true);
      expect(await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed')).toBe('true');
    }
    await problems.screen(page, 'menu-dessert-phone');
    await page.getByRole('button', { name: 'すべて', exact: true }).click();
    await expect.poll(() => cardsOnPage.count()).toBe(shown.length);
    // Prices carry the yen sign and thousands separators, tax included, and the takeaway price where it differs (decision 518).
    const prices = await page.locator('.menu-card .price').allTextContents();
    expect(prices.every((p) => /^¥\d{1,3}(,\d{3})*(（お持ち帰り ¥\d{1,3}(,\d{3})*）)?$/.test(p))).toBe(true);
    expect(prices.some((p) => p.includes('お持ち帰り'))).toBe(true);
    await page.close();
  });

  it('a failed menu load shows the message and the retry button loads it', async () => {
    const page = await openPage();
    let failuresLeft = 1;
    await page.route(/\/api\/admin\/menu(\?|$)/, async (route) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        await route.fulfill({ status: 502, body: 'bad gateway' });
      } else {
        await route.continue();
      }
    });
    await page.goto('/menu');
    const error = page.getByTestId('menu-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('メニューの読み込みに失敗しました');
    expect(await page.getByTestId('menu-card').count()).toBe(0);
    await problems.screen(page, 'menu-error-phone', { fullPage: false });

    await page.getByRole('button', { name: '再試行' }).click();
    await page.getByTestId('menu-list').waitFor();
    expect(await page.getByTestId('menu-error').count()).toBe(0);
    expect(await page.getByTestId('menu-card').count()).toBe(menu.filter((item) => item.show_on_menu).length);
    await page.close();
  });

  it('the footer shows the cart button with the total quantity outside /order paths only', async () => {
    const page = await openPage();
    await page.goto('/about');
    expect(await page.getByTestId('cart-button').count()).toBe(0);
    await page.evaluate(() => {
      window.localStorage.setItem(
        'moncafe.cart',
        JSON.stringify([
          { menu_id: 'a', name: 'コーヒー', price: 500, quantity: 2 },
          { menu_id: 'b', name: 'ケーキ', price: 600, quantity: 1 },
        ]),
      );
    });
    await page.goto('/about');
    const button = page.getByTestId('cart-button');
    await button.waitFor();
    expect(await button.textContent()).toBe('カート（3）');
    expect(await button.getAttribute('href')).toBe('/order?show_cart=true');
    await problems.screen(page, 'about-with-cart-phone', { fullPage: false });
    await page.evaluate(() => window.localStorage.removeItem('moncafe.cart'));
    await page.close();
  });

  it('the access page shows the store, the map and a maps button for the platform', async () => {
    const [store] = (await (await fetch(`${server.url}/api/stores`)).json()) as { name: string; address: string }[];
    const page = await openPage();
    await page.goto('/access');
    await expect(page.title()).resolves.toBe('アクセス | MonCafe');
    expect(await page.getByTestId('store-name').textContent()).toBe(store!.name);
    await page.getByText(store!.address).waitFor();
    // The pin stands where the store record says, the point the QR geofence measures from (decision 039).
    const [coordinates] = (await (await fetch(`${server.url}/api/stores`)).json()) as { latitude: number; longitude: number }[];
    const map = new URL((await page.locator('iframe.map').getAttribute('src')) ?? '');
    expect(map.pathname).toBe('/export/embed.html');
    expect(map.searchParams.get('marker')).toBe(`${coordinates!.latitude},${coordinates!.longitude}`);
    expect(map.searchParams.get('marker')).toBe('35.690921,139.698414');
    const maps = page.getByTestId('open-maps');
    // A desktop-like Chromium user agent is neither iOS nor Android: web maps.
    expect(await maps.getAttribute('data-platform')).toBe('other');
    expect(await maps.getAttribute('href')).toContain('openstreetmap.org');
    await problems.screen(page, 'access-phone');
    await page.close();
  });

  it('a guest finds the way from the header and footer (no operations buttons), and unknown paths land on the homepage', async () => {
    const page = await openPage();
    await page.goto('/no-such-page');
    expect(new URL(page.url()).pathname).toBe('/moncafe');
    const header = page.locator('header');
    const site = header.getByRole('navigation', { name: 'サイト内' });
    expect(await site.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['予約する', '/reservation'],
      ['メニュー', '/menu'],
      ['アクセス', '/access'],
    ]);
    expect(await header.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/login');
    for (const area of ['モニター', 'スタッフ', '管理者']) expect(await header.getByRole('link', { name: area }).count()).toBe(0);
    // /about is linked from every page's footer.
    await page.locator('footer').getByRole('link', { name: 'お店について' }).click();
    await page.waitForURL('**/about');
    // At 320 px the header wraps instead of running off the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await problems.screen(page, 'about-320-phone', { fullPage: false });
    await page.close();
  });

  it('a guest books a course straight from the menu', async () => {
    const page = await openPage();
    await page.goto('/menu');
    await page.getByTestId('menu-list').waitFor();
    const course = page.getByTestId('menu-card').filter({ hasText: 'ランチコース' });
    await course.getByRole('link', { name: 'ランチコースを予約する' }).click();
    await page.waitForURL((url) => url.pathname === '/reservation' && url.search === '');
    await expect.poll(() => page.getByTestId('cart').textContent()).toContain('ランチコース x 1');
    await page.evaluate(() => window.localStorage.clear());
    await page.close();
  });

  it('a router error sends the guest home', async () => {
    const page = await context.newPage();
    await page.goto('/about');
    // The next page's data request fails on the server side.
    let failed = false;
    await page.route(/\/access\.data/, async (route) => {
      failed = true;
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
    });
    await page.getByRole('link', { name: 'アクセスを見る' }).click();
    await page.waitForURL((url) => url.pathname === '/moncafe', { timeout: 10_000 });
    expect(failed).toBe(true);
    await page.getByTestId('calendar-card').waitFor();
    await page.close();
  });
});
