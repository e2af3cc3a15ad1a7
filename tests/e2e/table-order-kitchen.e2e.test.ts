import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, browserSuite, screenshotDir, tablet } from '../support/browser';
import { startCuttableProxy } from '../support/cuttable-proxy';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, guestPhone, recordBeeps, staffBrowser, startTableOrderServer, withToken, seatCodeOf } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/** A guest orders on a phone at the table; the kitchen tablet shows it live, beeps, completes and restores it. */
describe.runIf(runs)('a guest at the table and the kitchen', () => {
  let server: TestWebServer;
  let browser: Browser;
  let kitchenContext: BrowserContext;
  let kitchen: Page;
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `table-order-${name}.png`), fullPage: true });
  const cards = () => kitchen.getByTestId('kitchen-order');

  beforeAll(async () => {
    kitchenContext = await staffBrowser(browser, server, tablet);
    await kitchenContext.addInitScript(recordBeeps);
    kitchen = problems.watch(await kitchenContext.newPage());
  });

  it('checks in for two, orders two items, and the kitchen shows it without reload and beeps; complete moves it to history, restore brings it back', async () => {
    await kitchen.goto('/kitchen');
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    await kitchen.getByTestId('enable-sound').click();
    await expect.poll(() => kitchen.getByTestId('enable-sound').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cards().count()).toBe(0);

    const guestContext = await guestPhone(browser, server.url);
    const guest = problems.watch(await guestContext.newPage());
    // The seat's printed QR carries its code (decision 150).
    await guest.goto(`/order/top?seat_id=seat-t1&code=${await seatCodeOf(server.url, 'seat-t1')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('2');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await expect.poll(() => guest.locator('.order-seat').textContent()).toContain('テーブル1（2名）');
    await guest.getByRole('button', { name: 'ブレンドコーヒー カートに追加' }).click();
    await guest.getByRole('button', { name: 'ガトーショコラケーキ カートに追加' }).click();
    await shot(guest, '1-menu');
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');
    // Tax included (decision 518): 550円 + 605円 eaten in.
    await expect.poll(() => guest.getByTestId('cart-total').textContent()).toBe('1,155円');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-confirmed').waitFor();
    await shot(guest, '2-ordered');
    // After two seconds: checkout or more ordering.
    await guest.getByTestId('order-choices').waitFor();

    // The kitchen, untouched since it opened, shows the order and rings.
    await expect.poll(() => cards().count()).toBe(1);
    const card = cards().first();
    await expect.poll(() => card.textContent()).toMatch(/テーブル1.*ブレンドコーヒー.*× 1.*ガトーショコラケーキ.*× 1/);
    expect(await card.getAttribute('data-new')).toBe('true');
    await expect.poll(() => kitchen.getByTestId('kitchen').getAttribute('data-alerts')).toBe('1');
    await expect.poll(() => kitchen.evaluate(() => (window as unknown as { __beeps: number[] }).__beeps.length)).toBe(5);
    await shot(kitchen, '3-kitchen');
    const orderId = await card.getAttribute('data-order-id');

    await card.getByRole('button', { name: '完了' }).click();
    await expect.poll(() => cards().count()).toBe(0);
    await kitchen.getByRole('link', { name: '履歴', exact: true }).click();
    await kitchen.waitForURL('**/kitchen/history');
    await expect.poll(() => kitchen.locator(`[data-testid="kitchen-order"][data-order-id="${orderId}"]`).count()).toBe(1);
    await shot(kitchen, '4-history');
    await kitchen.getByRole('button', { name: '戻す' }).click();
    await expect.poll(() => cards().count()).toBe(0);
    await kitchen.getByRole('link', { name: '注文' }).click();
    await expect.poll(() => kitchen.locator(`[data-testid="kitchen-order"][data-order-id="${orderId}"]`).count()).toBe(1);
    await guestContext.close();
  });

  it('a kitchen cut from /live while two orders arrive shows both after it reconnects, each once', async () => {
    // The tablet reaches the server through a line the test can cut mid-stream.
    const line = await startCuttableProxy(server.url);
    const cutContext = await staffBrowser(browser, server, tablet, line.url);
    const tabletPage = problems.watch(await cutContext.newPage());
    const tabletCards = () => tabletPage.getByTestId('kitchen-order');
    try {
      await tabletPage.goto('/kitchen');
      await tabletPage.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
      await expect.poll(() => tabletCards().count()).toBeGreaterThan(0);
      const before = await tabletCards().count();

      const guest = httpClient(server.url);
      const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
        seat_id: 'seat-t2',
        seat_code: await seatCodeOf(server.url, 'seat-t2'),
        number_of_people: 2,
        ...AT_DEMO_STORE,
      });
      expect(checkIn.status).toBe(200);

      line.cut();
      await tabletPage.getByTestId('live-down').waitFor();
      const placed: string[] = [];
      for (const menu_id of ['menu-latte', 'menu-quiche']) {
        const r = await guest.send('POST', '/api/orders', {
          json: { seat_id: 'seat-t2', reservation_id: checkIn.body.reservation_id, items: [{ menu_id, quantity: 1 }] },
          headers: withToken(checkIn.body.token),
        });
        expect(r.status).toBe(200);
        placed.push(((await r.json()) as { order_id: string }).order_id);
      }
      await shot(tabletPage, '5-cut');
      expect(await tabletCards().count()).toBe(before);

      line.restore();
      await tabletPage.locator('[data-testid="kitchen"][data-live="up"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => tabletCards().count(), { timeout: 15_000 }).toBe(before + 2);
      for (const id of placed) expect(await tabletPage.locator(`[data-testid="kitchen-order"][data-order-id="${id}"]`).count()).toBe(1);
      expect(await tabletPage.getByTestId('live-down').count()).toBe(0);
    } finally {
      await cutContext.close();
      await line.close();
    }
  });

  it('the stock editor keeps count and sold-out disabled until an item is counted, refuses a negative count, and a count of 0 takes the item off the order menu', async () => {
    await kitchen.goto('/kitchen/stock');
    const row = kitchen.locator('[data-testid="stock-row"][data-menu-id="menu-blend"]');
    const quantity = row.getByLabel('ブレンドコーヒー 在庫数');
    await quantity.waitFor();
    expect(await quantity.isDisabled()).toBe(true);
    expect(await row.getByLabel('ブレンドコーヒー 売り切れ').isDisabled()).toBe(true);
    await row.getByLabel('ブレンドコーヒー 在庫管理する').check();
    expect(await quantity.isDisabled()).toBe(false);
    await quantity.fill('-1');
    await row.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row.getByRole('status').textContent()).toBe('在庫数は0以上の整数で入力してください');
    await quantity.fill('0');
    await row.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row.getByRole('status').textContent()).toBe('保存しました');
    expect(await row.textContent()).toContain('注文不可');
    await shot(kitchen, '6-stock');
    const menu = (await (await fetch(`${server.url}/api/orders/menu?store_id=2`)).json()) as { menus: { id: string }[] };
    expect(menu.menus.map((m) => m.id)).not.toContain('menu-blend');
  });
});
