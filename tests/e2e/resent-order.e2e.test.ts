import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, pageProblems, screenshotDir, tablet } from '../support/browser';
import { startCuttableProxy, type CuttableProxy } from '../support/cuttable-proxy';
import { guestPhone, seatCodeOf, staffBrowser, startTableOrderServer } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * Commands safe to send twice (decisions 260, 261), end to end: the guest's order is sent while the line is cut — the proxy lets
 * the order reach the server and drops the connection once the server has placed it, before the
 * phone hears the answer. The phone says the order is waiting, keeps it (with its key) across a
 * reload, sends it again once the line is back, and the kitchen shows the order once.
 */
describe.runIf(runs)('an order whose answer was lost', () => {
  let server: TestWebServer;
  let browser: Browser;
  let line: CuttableProxy;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `resent-order-${name}.png`), fullPage: true });

  beforeAll(async () => {
    server = await startTableOrderServer();
    browser = await launchBrowser();
    line = await startCuttableProxy(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await line?.close();
    await server?.close();
  });

  it('is resent after the line comes back and reaches the kitchen once', async () => {
    const kitchenContext = await staffBrowser(browser, server, tablet);
    const kitchen = problems.watch(await kitchenContext.newPage());
    const cards = () => kitchen.getByTestId('kitchen-order');
    await kitchen.goto('/kitchen');
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    const before = await cards().count();

    // The guest's phone reaches the server through the line the test cuts.
    const guestContext = await guestPhone(browser, line.url);
    const guest = problems.watch(await guestContext.newPage());
    await guest.goto(`/order/top?seat_id=seat-t3&code=${await seatCodeOf(server.url, 'seat-t3')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('2');
    // The check-in's answer is lost too: tapping again once the line is back opens the visit it
    // made (its answer again), where a second check-in would hear invite_required.
    const checkInCut = line.cutAfterAnswerTo('POST /api/orders/qr-checkin');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await checkInCut;
    await guest.getByRole('alert').filter({ hasText: '通信' }).waitFor();
    line.restore();
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: 'カフェラテ カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');

    const cutAfterCommit = line.cutAfterAnswerTo('POST /api/orders');
    await guest.getByTestId('place-order').click();
    await cutAfterCommit;
    // The server placed it: the kitchen has it, the phone has no answer and says the order is waiting.
    await expect.poll(() => cards().count()).toBe(before + 1);
    await guest.getByTestId('order-pending').waitFor();
    expect(await guest.getByTestId('order-pending').textContent()).toContain('カフェラテ × 1');
    expect(await guest.getByTestId('order-confirmed').count()).toBe(0);
    const outbox = () => guest.evaluate(() => window.localStorage.getItem('moncafe.order-outbox'));
    expect(await outbox()).toContain('menu-latte');
    await problems.screen(guest, 'resent-order-1-pending');
    await shot(guest, '1-pending');

    // The line comes back: the phone sends the order again with its key and hears the first answer.
    line.restore();
    await guest.getByTestId('order-confirmed').or(guest.getByTestId('order-choices')).first().waitFor({ timeout: 15_000 });
    expect(await outbox()).toBeNull();
    await shot(guest, '2-confirmed');

    // Once in the kitchen, also after it reads its list again.
    await kitchen.reload();
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    await expect.poll(() => cards().count()).toBe(before + 1);
    const latte = kitchen.locator('[data-testid="kitchen-order"]', { hasText: 'カフェラテ' });
    expect(await latte.count()).toBe(1);
    await guestContext.close();
    await kitchenContext.close();
  });

  it('kept across a reload: an order sent while the line was down is sent when the page opens again', async () => {
    const kitchenContext = await staffBrowser(browser, server, tablet);
    const kitchen = problems.watch(await kitchenContext.newPage());
    await kitchen.goto('/kitchen');
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    const quiche = () => kitchen.locator('[data-testid="kitchen-order"]', { hasText: 'キッシュ' });
    const before = await quiche().count();

    const guestContext = await guestPhone(browser, line.url);
    const guest = problems.watch(await guestContext.newPage());
    await guest.goto(`/order/top?seat_id=seat-t4&code=${await seatCodeOf(server.url, 'seat-t4')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('1');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: '季節野菜のキッシュ カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');
    const cartUrl = guest.url();

    // Cut before the order leaves: nothing reaches the server.
    line.cut();
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-pending').waitFor();
    expect(await quiche().count()).toBe(before);

    // The page is closed while the line is down; the line comes back and the guest opens it again: the kept order goes out once.
    await guest.close();
    line.restore();
    const reopened = problems.watch(await guestContext.newPage());
    await reopened.goto(cartUrl);
    await reopened.getByTestId('order-confirmed').or(reopened.getByTestId('order-choices')).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => quiche().count()).toBe(before + 1);
    await guestContext.close();
    await kitchenContext.close();
  });

  it('the kitchen’s complete tapped while its line is down waits on the tablet, then completes the order once', async () => {
    const kitchenContext = await staffBrowser(browser, server, tablet, line.url);
    const kitchen = problems.watch(await kitchenContext.newPage());
    await kitchen.goto('/kitchen');
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    const card = kitchen.locator('[data-testid="kitchen-order"]', { hasText: 'カフェラテ' });
    await card.waitFor();
    const orderId = (await card.getAttribute('data-order-id'))!;

    line.cut();
    await card.getByRole('button', { name: '完了' }).click();
    await kitchen.getByTestId('kitchen-unsent').waitFor();
    expect(await card.getAttribute('data-unsent')).toBe('true');
    await shot(kitchen, '3-kitchen-unsent');

    line.restore();
    await expect.poll(() => kitchen.locator(`[data-testid="kitchen-order"][data-order-id="${orderId}"]`).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => kitchen.getByTestId('kitchen-unsent').count()).toBe(0);
    await kitchen.getByRole('link', { name: '履歴', exact: true }).click();
    await kitchen.waitForURL('**/kitchen/history');
    await expect.poll(() => kitchen.locator(`[data-testid="kitchen-order"][data-order-id="${orderId}"]`).count()).toBe(1);
    await kitchenContext.close();
  });
});
