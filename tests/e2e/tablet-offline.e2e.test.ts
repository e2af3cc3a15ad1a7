import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, browserSuite, tablet } from '../support/browser';
import { startCuttableProxy, type CuttableProxy } from '../support/cuttable-proxy';
import { checkedIn, DEMO_STORE, signedInAdmin, staffBrowser, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * The kitchen's and the floor's tablets with the Wi-Fi gone (decision 664). The tablet reaches the
 * server through a line the test cuts, and its browser is told it is offline too (a service
 * worker's own requests ignore the browser's offline switch, so the cut is what makes them fail).
 * The screens say plainly they are offline and how many taps wait, open again from the tablet's
 * own copy on a reload with no network, and send the taps once the line is back, each once.
 */
describe.runIf(runs)('a tablet whose line drops', () => {
  let server: TestWebServer;
  let browser: Browser;
  let line: CuttableProxy;
  const problems = browserSuite(
    async () => {
      const started = await startTableOrderServer();
      line = await startCuttableProxy(started.url);
      return {
        ...started,
        close: async () => {
          await line.close();
          await started.close();
        },
      };
    },
    (suite) => ({ server, browser } = suite),
  );

  /** A guest at `seatId` orders `menuId`: the order's id. */
  async function ordered(seatId: string, menuId: string): Promise<string> {
    const { guest, reservationId, token } = await checkedIn(server.url, seatId, 2);
    const placed = await guest.send('POST', '/api/orders', {
      json: { reservation_id: reservationId, items: [{ menu_id: menuId, quantity: 1 }] },
      headers: withToken(token),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    return ((await placed.json()) as { order_id: string }).order_id;
  }

  async function goOffline(context: BrowserContext) {
    line.cut();
    await context.setOffline(true);
  }
  async function goOnline(context: BrowserContext) {
    line.restore();
    await context.setOffline(false);
  }

  /** The tablet's service worker controls the page and has kept what it was built from. */
  async function installed(page: Page) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
    await page.waitForFunction(
      async () =>
        (await caches.keys()).some((name) => name.startsWith('moncafe-tablet-shell')) &&
        (await (await caches.open((await caches.keys()).find((n) => n.startsWith('moncafe-tablet-state'))!)).keys()).length > 0,
      null,
      {
        timeout: 30_000,
        polling: 250,
      },
    );
  }

  it('the kitchen bumps two tickets with no line, reopens on its last state, and both bumps arrive once', async () => {
    const latte = await ordered('seat-t1', 'menu-latte');
    const quiche = await ordered('seat-t2', 'menu-quiche');
    const context = await staffBrowser(browser, server, tablet, line.url);
    const kitchen = problems.watch(await context.newPage());
    await kitchen.goto('/kitchen');
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    const ticket = (id: string) => kitchen.locator(`[data-testid="kitchen-order"][data-order-id="${id}"]`);
    await ticket(latte).waitFor();
    await ticket(quiche).waitFor();
    await installed(kitchen);
    // The reads the board made once the worker was in: its last state is kept.
    await kitchen.reload();
    await ticket(quiche).waitFor();

    await goOffline(context);
    const notice = kitchen.getByTestId('tablet-offline');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('オフラインです。最後に受信した内容を表示しています。接続が戻りしだい自動で更新します。');
    await ticket(latte).getByRole('button', { name: '完了' }).click();
    await ticket(quiche).getByRole('button', { name: '完了' }).click();
    await expect.poll(() => notice.getAttribute('data-waiting')).toBe('2');
    expect(await notice.textContent()).toBe('オフラインです。最後に受信した内容を表示しています。未送信の操作が2件あり、接続が戻りしだい自動で送信します。');
    await problems.screen(kitchen, 'tablet-offline-kitchen-waiting', { fullPage: false });

    // A reload with no network opens the board from the tablet's copy: both tickets, marked as waiting.
    await kitchen.reload();
    await ticket(latte).waitFor();
    await ticket(quiche).waitFor();
    expect(await ticket(latte).getAttribute('data-unsent')).toBe('true');
    await notice.waitFor();
    expect(await notice.getAttribute('data-waiting')).toBe('2');
    await problems.screen(kitchen, 'tablet-offline-kitchen-reopened', { fullPage: false });

    await goOnline(context);
    await expect.poll(() => ticket(latte).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => ticket(quiche).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(0);

    // Each completed once: the history lists each order once, and nothing is ready any more.
    const admin = await signedInAdmin(server.url);
    const completed = (await admin.getJson<{ orders: { id: string }[] }>(`/api/orders/completed?store_id=${DEMO_STORE}`)).body;
    expect(completed.orders.filter((o) => o.id === latte)).toHaveLength(1);
    expect(completed.orders.filter((o) => o.id === quiche)).toHaveLength(1);
    const ready = (await admin.getJson<{ orders: { id: string }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`)).body;
    expect(ready.orders.map((o) => o.id)).not.toContain(latte);
    expect(ready.orders.map((o) => o.id)).not.toContain(quiche);
    await context.close();
  });

  it('the floor answers a staff call with no line: the answer waits on the tablet and reaches the table once', async () => {
    const { guest, token } = await checkedIn(server.url, 'seat-t3', 2);
    const called = await guest.send('POST', '/api/orders/call-staff', { json: { token }, headers: withToken(token) });
    expect(called.status, await called.clone().text()).toBe(200);
    const context = await staffBrowser(browser, server, tablet, line.url);
    await context.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), DEMO_STORE);
    const floor = problems.watch(await context.newPage());
    await floor.goto('/monitor');
    await floor.locator('[data-testid="floor-view"][data-live="up"]').waitFor();
    const call = floor.getByTestId('staff-call');
    await expect.poll(() => call.count()).toBe(1);
    await installed(floor);

    await goOffline(context);
    await call.getByRole('button', { name: '対応する' }).click();
    await call.getByText('送信待ち').waitFor();
    const notice = floor.getByTestId('tablet-offline');
    await expect.poll(() => notice.getAttribute('data-waiting')).toBe('1');
    await problems.screen(floor, 'tablet-offline-floor-waiting', { fullPage: false });

    await goOnline(context);
    await expect.poll(() => call.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => floor.getByRole('status').filter({ hasText: '呼び出しに対応しました。' }).count()).toBe(1);
    // The server holds the answer: read again from it, the floor has no open call.
    await floor.reload();
    await floor.locator('[data-testid="floor-view"][data-live="up"]').waitFor();
    expect(await call.count()).toBe(0);
    expect(await floor.evaluate(() => window.localStorage.getItem('moncafe.floor-outbox'))).toBeNull();
    await context.close();
  });
});
