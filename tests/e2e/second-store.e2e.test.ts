import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_SECOND_STORE_ID } from '@moncafe/demo/second-store';
import { browserAvailable, browserSuite, phone, offlineContext } from '../support/browser';
import {
  DEMO_STORE,
  firstStoreStaffBrowser,
  guestPhone,
  expectOrderInItsKitchenOnly,
  moveToBothDemoStoresOpen,
  signedInAdmin,
  startTableOrderServer,
} from '../support/table-order';
import { waitForAnswer, type TestWebServer } from '../support/web-server';

const runs = browserAvailable();
/** The second store's point (demo/src/second-store.ts), where its guests' phones are. */
const AT_SECOND_STORE = { lat: 35.68935, lng: 139.69168, accuracy: 20 };

/** The printed QR URL of one of the second store's seats, as its QR sheet shows it to an admin. */
async function printedUrlOf(url: string, seatId: string): Promise<string> {
  const admin = await signedInAdmin(url);
  return waitForAnswer(
    async () => {
      const { html } = await admin.page(`/monitor/qr-codes?store_id=${DEMO_SECOND_STORE_ID}`);
      const m = new RegExp(`https?://[^"<\\s]*/order/top\\?seat_id=${seatId}&(?:amp;)?code=[A-Za-z0-9_-]+`).exec(html);
      return m ? m[0].replace(/&amp;/g, '&') : '';
    },
    (found) => found !== '',
    1200,
  );
}

/**
 * Stores, end to end over the demo's second store (decisions 406–408): a guest chooses the
 * second store on the homepage and its booking page names it; a phone orders at one of its seats;
 * its kitchen shows the order and the first store’s kitchen does not; a staff member of only the
 * first store is refused the second store’s calls. The owner creating a store through the screens
 * and the guest's booking to the end: owner-opens-a-store.e2e.test.ts.
 */
describe.runIf(runs)('a second store', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(
    async () => {
      const started = await startTableOrderServer();
      await moveToBothDemoStoresOpen(started);
      return started;
    },
    (started) => ({ server, browser } = started),
  );

  it('a guest at 390×844 chooses the second store on the homepage; the booking page names it and keeps it in its address', async () => {
    const context = await offlineContext(browser, server.url, phone);
    const guest = problems.watch(await context.newPage());
    await guest.goto('/moncafe');
    const card = guest.locator(`[data-testid="store-card"][data-store-id="${DEMO_SECOND_STORE_ID}"]`);
    await expect.poll(() => card.textContent()).toContain('MonCafe 西口公園店');
    expect(await card.textContent()).toContain('03-1234-9876');
    await card.getByRole('link', { name: 'この店舗を予約する' }).click();
    await guest.waitForURL(`**/reservation?store=${DEMO_SECOND_STORE_ID}`);
    await expect.poll(() => guest.title()).toBe('予約コース | MonCafe 西口公園店 | MonCafe');
    expect(await guest.locator('[data-testid="store-choice"] [aria-current="page"]').textContent()).toBe('MonCafe 西口公園店');
    // Its own course is there to book (the demo's second store had none: the page said 現在予約できるコースはありません).
    await guest.locator('[data-testid="course"]', { hasText: 'ブランチコース' }).getByRole('button', { name: 'カートに追加' }).waitFor();
    await guest.goto('/reservation?store=no-such-store');
    await guest.getByTestId('unknown-store').waitFor();
    await context.close();
  });

  it('a phone orders at one of its seats; its kitchen shows the order, the first store’s kitchen does not', async () => {
    const phoneContext = await guestPhone(browser, server.url, AT_SECOND_STORE);
    const guest = problems.watch(await phoneContext.newPage());
    const printed = new URL(await printedUrlOf(server.url, 'seat-w-c1'));
    await guest.goto(printed.pathname + printed.search);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('1');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: 'モーニングセット カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-confirmed').waitFor();

    const stores = { storeId: DEMO_SECOND_STORE_ID, otherStoreId: DEMO_STORE, item: 'モーニングセット' };
    await expectOrderInItsKitchenOnly(browser, server, stores, (page) => problems.watch(page));
    await phoneContext.close();
  });

  it('a staff member of only the first store is refused the second store’s staff screens by the server', async () => {
    const context = await firstStoreStaffBrowser(browser, server, DEMO_SECOND_STORE_ID, {
      name: '駅前 だけ',
      email: 'first-only@moncafe.test',
      password: 'first-only-password-123',
    });
    const page = problems.watch(await context.newPage());
    await page.goto('/staff/opening-prep');
    // What the screens call, asked by the staff member's own browser: their store answers, the other refuses.
    expect((await context.request.get(`/api/store-opening-tasks/${DEMO_STORE}`)).status()).toBe(200);
    expect((await context.request.get(`/api/users?store_id=${DEMO_SECOND_STORE_ID}`)).status()).toBe(403);
    expect((await context.request.get(`/api/store-opening-tasks/${DEMO_SECOND_STORE_ID}`)).status()).toBe(403);
    await context.close();
  });
});
