import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, desktop, screenshotDir, browserSuite } from '../support/browser';
import { httpClient } from '../support/http-client';
import { guestPhone, staffBrowser, startTableOrderServer, withToken, seatCodeOf } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * Checkout of a known set of orders: the guest's phone shows the bill with the tax rounded down,
 * staff complete it on the monitor, the guest's screen asks for a rescan, and an order with the
 * old token is refused.
 */
describe.runIf(runs)('checking out a table', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `table-order-checkout-${name}.png`), fullPage: true });

  it('bills the orders with floor-rounded tax; after checkout the old token orders nothing and the guest is asked to rescan', async () => {
    const guestContext = await guestPhone(browser, server.url);
    const guest = problems.watch(await guestContext.newPage());
    // The seat's printed QR carries its code (decision 150).
    await guest.goto(`/order/top?seat_id=seat-s1&code=${await seatCodeOf(server.url, 'seat-s1')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('4');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    const visit = JSON.parse((await guest.evaluate(() => window.localStorage.getItem('moncafe.visit')))!) as { reservationId: string; token: string };

    // The known orders: 950 + 2 × 550 + 480 = 2,530 yen; 10% is 253 yen.
    const phoneCalls = httpClient(server.url);
    for (const items of [
      [{ menu_id: 'menu-napolitan', quantity: 1 }],
      [
        { menu_id: 'menu-gateau', quantity: 2 },
        { menu_id: 'menu-juice', quantity: 1 },
      ],
    ]) {
      const r = await phoneCalls.send('POST', '/api/orders', {
        json: { seat_id: 'seat-s1', reservation_id: visit.reservationId, items },
        headers: withToken(visit.token),
      });
      expect(r.status).toBe(200);
    }

    await guest.goto(`/checkout?reservation_id=${visit.reservationId}`);
    await guest.getByTestId('checkout').waitFor();
    expect(await guest.getByTestId('checkout-seat').textContent()).toBe('ソファ席');
    expect(await guest.getByTestId('checkout-subtotal').textContent()).toBe('2,783円');
    expect(await guest.getByTestId('checkout-tax').textContent()).toBe('253円');
    expect(await guest.getByTestId('checkout-total').textContent()).toBe('2,783円');
    await shot(guest, '1-guest-bill');

    const staffContext = await staffBrowser(browser, server, desktop);
    const staff = problems.watch(await staffContext.newPage());
    const dialogs: string[] = [];
    staff.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await staff.goto(`/monitor/checkout?reservation_id=${visit.reservationId}`);
    await staff.getByTestId('checkout').waitFor();
    expect(await staff.getByTestId('checkout-tax').textContent()).toBe('253円');
    // A payment method must be chosen first.
    await staff.getByTestId('complete-checkout').click();
    expect(dialogs).toEqual(['お支払い方法を選択してください']);
    await staff.getByLabel('現金').check();
    await staff.getByTestId('complete-checkout').click();
    await staff.getByTestId('checkout-done').waitFor();
    expect(dialogs[1]).toBe('2,783円の会計を完了します。よろしいですか？');
    expect(await staff.getByTestId('checkout-done').textContent()).toBe('会計を完了しました（2,783円）');
    await shot(staff, '2-staff-done');

    // The guest's screen hears the reservation close and asks for a rescan.
    await guest.getByTestId('rescan').waitFor();
    expect(await guest.getByTestId('rescan').textContent()).toContain('ご利用が終了しました。もう一度QRコードを読み取ってください。');
    expect(await guest.evaluate(() => window.localStorage.getItem('moncafe.visit'))).toBeNull();
    await shot(guest, '3-guest-rescan');

    const late = await phoneCalls.send('POST', '/api/orders', {
      json: { seat_id: 'seat-s1', reservation_id: visit.reservationId, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
      headers: withToken(visit.token),
    });
    expect(late.status).toBe(401);
    await guestContext.close();
    await staffContext.close();
  });
});
