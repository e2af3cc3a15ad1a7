import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, browserSuite, offlineContext, phone } from '../support/browser';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_STORE, seatCodeOf, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import { waitForAnswer, type TestWebServer } from '../support/web-server';

const runs = browserAvailable();
const BLEND = 'menu-blend';
const BLEND_JA = 'ブレンドコーヒー';
const BLEND_EN = 'Blend coffee';
/** The store's own words (its seats, its menu items without English): shown as the store wrote them (decisions 362, 364). */
const SEAT = 'ソファ席';
const STORE_NAME = 'MonCafe 駅前店';
/** Kana and kanji: none may show on an English page outside the store's own words. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;

/**
 * The guest at the table in English (decision 392): a phone whose browser asks for
 * English checks in at a seat with its printed code, orders an item the owner gave an English
 * name, and reaches the checkout, all in English with yen; 日本語 turns the same screen to the
 * spec's Japanese. The table calls' refusals come in the request's language.
 */
/** What the checkout shows of the bill: its first item, its header, subtotal, total and the payment legend. */
async function billOn(page: Page) {
  const bill = page.locator('.checkout-table');
  return {
    item: await bill.locator('tbody td').first().textContent(),
    head: await bill.locator('thead').textContent(),
    subtotal: await page.getByTestId('checkout-subtotal').textContent(),
    total: await page.getByTestId('checkout-total').textContent(),
    payment: await page.locator('.payment-methods legend').textContent(),
  };
}

describe.runIf(runs)('a guest at the table who reads English', () => {
  let server: TestWebServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));
  /** The order menu's Japanese names: items without English keep them (decision 362). */
  let japaneseNames: string[] = [];

  beforeAll(async () => {
    // The owner gives the blend its English name in the menu editor's call; the others have none.
    const admin = await signedInAdmin(server.url);
    const items = (await admin.getJson<({ id: string; saved_category: string | null } & Record<string, unknown>)[]>('/api/admin/menu')).body;
    const blend = items.find((i) => i.id === BLEND)!;
    const saved = await admin.send('PUT', `/api/admin/menu-items/${BLEND}`, { json: { ...blend, category: blend.saved_category, name_en: BLEND_EN } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const menu = await waitForAnswer(
      async () =>
        (await fetch(`${server.url}/api/orders/menu?store_id=${DEMO_STORE}`)).json() as Promise<{ menus: { id: string; name: string; name_en: string }[] }>,
      (a) => a.menus.some((m) => m.id === BLEND && m.name_en === BLEND_EN),
      1200,
    );
    japaneseNames = menu.menus.filter((m) => !m.name_en).map((m) => m.name);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function englishPhone(): Promise<Page> {
    const context = await offlineContext(browser, server.url, {
      ...phone,
      locale: 'en-GB',
      extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' },
      geolocation: { latitude: AT_DEMO_STORE.lat, longitude: AT_DEMO_STORE.lng, accuracy: AT_DEMO_STORE.accuracy },
      permissions: ['geolocation'],
    });
    contexts.push(context);
    const page = problems.watch(await context.newPage());
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }

  /** The page's visible lines that still hold Japanese, the store's own words and the 日本語 switch left out. */
  async function japaneseLeftOn(page: Page): Promise<string[]> {
    const text = await page.locator('body').evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement;
      for (const own of copy.querySelectorAll('[lang="ja"], script, style')) own.remove();
      return copy.innerText;
    });
    const storeWords = [STORE_NAME, SEAT, ...japaneseNames].sort((a, b) => b.length - a.length);
    return text
      .split('\n')
      .map((line) => storeWords.reduce((rest, word) => rest.replaceAll(word, ''), line))
      .filter((line) => JAPANESE.test(line));
  }

  it('checks in, orders and reaches checkout in English; 日本語 shows the spec’s Japanese on the same screen', async () => {
    const page = await englishPhone();
    await page.goto(`/order/top?seat_id=seat-s1&code=${await seatCodeOf(server.url, 'seat-s1')}`);
    await page.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Check in');
    expect(await page.getByTestId('people').locator('option:checked').textContent()).toBe('2 guests');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await page.getByRole('button', { name: 'Check my location and check in' }).click();

    await page.waitForURL('**/order/food?**');
    await page.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    expect(await page.title()).toBe('Menu | MonCafe');
    expect(await page.locator('.order-seat').textContent()).toBe(`Checked in at ${SEAT} (2 guests)`);
    const blend = page.locator(`[data-testid="order-item"][data-menu-id="${BLEND}"]`);
    expect(await blend.locator('h3').textContent()).toBe(BLEND_EN);
    // Tax included, and taken away where that differs (decision 518).
    expect(await blend.locator('.price').textContent()).toBe('¥550 (takeaway ¥540)');
    // Items without an English name keep the Japanese (decision 362).
    expect(japaneseNames.length).toBeGreaterThan(0);
    for (const button of ['All', 'Drinks', 'Call staff', 'Invite a friend'])
      expect(await page.getByRole('button', { name: button, exact: true }).count()).toBe(1);
    for (const link of ['Menu', 'Cart', 'Bill', 'Go to checkout']) expect(await page.getByRole('link', { name: link, exact: true }).count()).toBe(1);
    expect(await japaneseLeftOn(page)).toEqual([]);
    await blend.getByRole('button', { name: `${BLEND_EN} Add to cart` }).click();
    await expect.poll(() => page.getByTestId('to-cart').textContent()).toBe('View cart (1 item)');
    await page.getByTestId('to-cart').click();

    await page.waitForURL('**/order?**');
    await page.locator('[data-testid="order-cart"][data-ready="true"]').waitFor();
    const cart = page.getByTestId('cart');
    expect(await cart.getByTestId('cart-line').textContent()).toContain(`${BLEND_EN} x 1 = ¥550`);
    expect(await page.locator('.cart-total').textContent()).toBe('Total: ¥550');
    // Ticked to take away, the line costs what the menu showed for that.
    await page.getByTestId(`takeout-${BLEND}`).check();
    await expect.poll(() => page.locator('.cart-total').textContent()).toBe('Total: ¥540');
    await page.getByTestId(`takeout-${BLEND}`).uncheck();
    expect(await page.getByTestId('takeout-choice').locator('legend').textContent()).toBe('Takeaway');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await page.getByTestId('place-order').click();
    await page.getByTestId('order-choices').waitFor();
    expect(await page.getByTestId('order-choices').getByRole('status').textContent()).toBe('Thank you, we have your order.');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to checkout' }).click();

    await page.waitForURL('**/checkout?**');
    await page.getByTestId('checkout').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout');
    expect(await billOn(page)).toEqual({ item: BLEND_EN, head: 'ItemQtyAmount', subtotal: '¥550', total: '¥550', payment: 'Payment method' });
    await page.getByLabel('Cash').waitFor();
    await page.getByRole('button', { name: 'Complete checkout' }).waitFor();
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-table-order-checkout');

    // 日本語: the spec's Japanese on the same URL, the guest's choice kept in the cookie.
    const url = page.url();
    await page.getByTestId('language-switch').getByRole('button', { name: '日本語' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    expect(page.url()).toBe(url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('お会計');
    expect(await billOn(page)).toEqual({ item: BLEND_JA, head: '商品数量金額', subtotal: '550円', total: '550円', payment: 'お支払い方法' });
    await page.getByLabel('現金').waitFor();
    expect(await page.getByRole('button', { name: '会計を完了する' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'お会計' }).count()).toBe(1);
    await page.getByRole('link', { name: 'メニュー', exact: true }).click();
    await page.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('メニュー');
    expect(await blend.locator('h3').textContent()).toBe(BLEND_JA);
    expect(await blend.locator('.price').textContent()).toBe('550円（お持ち帰り 540円）');
    expect(await page.locator('.order-seat').textContent()).toBe(`${SEAT}（2名）でチェックインしました`);
  });

  it('answers a table call’s refusal in the language the request asks for', async () => {
    const order = (language: string) =>
      httpClient(server.url).send('POST', '/api/orders', {
        json: { seat_id: 'seat-s1', reservation_id: '00000000-0000-4000-8000-000000000000', items: [{ menu_id: BLEND, quantity: 1 }] },
        headers: { ...withToken('00000000-0000-4000-8000-000000000000.wrong'), 'Accept-Language': language },
      });
    const english = await order('en');
    expect(english.status).toBe(401);
    expect(((await english.json()) as { message: string }).message).toBe('We could not confirm your check-in. Please scan the QR code again.');
    const japanese = await order('ja');
    expect(japanese.status).toBe(401);
    expect(((await japanese.json()) as { message: string }).message).toBe('認証に失敗しました。QRコードを読み取り直してください。');
  });
});
