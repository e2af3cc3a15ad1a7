import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, desktop, screenshotDir, browserSuite } from '../support/browser';
import { AT_DEMO_STORE, FAR_FROM_DEMO_STORE, guestPhone, staffBrowser, startTableOrderServer } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

const SEAT_CODE_INVALID = 'QRコードが無効です。お席のQRコードを読み取り直すか、スタッフへお声かけください。';

/**
 * The seat's printed QR (decision 150): a guest opens the URL the staff QR page prints, checks in
 * inside the fence and orders; far from the store the same URL gets the spec's refusal; the seat's
 * URL without its code, or with a code an admin has rotated away, is refused whatever the position.
 */
describe.runIf(runs)('a guest scans the seat’s printed QR', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `table-order-seat-qr-${name}.png`), fullPage: true });

  /** The printed URL of a seat's card on the staff QR page. */
  async function printedUrl(staff: Page, seatId: string): Promise<string> {
    await staff.goto('/monitor/qr-codes?store_id=2');
    const url = await staff.locator(`[data-testid="qr-card"][data-seat-id="${seatId}"] .qr-url`).textContent();
    expect(url).toMatch(/\/order\/top\?seat_id=.+&code=[A-Za-z0-9_-]{22,}$/);
    return url!;
  }

  async function checkIn(guest: Page, url: string, people: string) {
    await guest.goto(url);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption(people);
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
  }

  it('checks in inside the fence from the printed URL and orders; far away it gets the spec’s refusal', async () => {
    const staffContext = await staffBrowser(browser, server, desktop);
    const staff = problems.watch(await staffContext.newPage());
    const url = await printedUrl(staff, 'seat-t4');
    await shot(staff, '1-qr-page');

    const farContext = await guestPhone(browser, server.url, FAR_FROM_DEMO_STORE);
    const far = problems.watch(await farContext.newPage());
    const dialogs: string[] = [];
    far.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await checkIn(far, url, '3');
    await far.waitForURL('**/moncafe');
    expect(dialogs).toEqual(['この端末からは注文できません、スタッフへお声かけください。']);

    const context = await guestPhone(browser, server.url, AT_DEMO_STORE);
    const guest = problems.watch(await context.newPage());
    await checkIn(guest, url, '3');
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: 'カフェラテ カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-confirmed').waitFor();
    await shot(guest, '2-ordered');
    await Promise.all([farContext.close(), context.close(), staffContext.close()]);
  });

  it('refuses the seat’s URL without its code, and with a code an admin rotated away', async () => {
    const staffContext = await staffBrowser(browser, server, desktop);
    const staff = problems.watch(await staffContext.newPage());
    const before = await printedUrl(staff, 'seat-t3');

    const context = await guestPhone(browser, server.url, AT_DEMO_STORE);
    const guest = problems.watch(await context.newPage());
    await checkIn(guest, '/order/top?seat_id=seat-t3', '2');
    await expect.poll(() => guest.getByTestId('order-top-message').textContent()).toBe(SEAT_CODE_INVALID);
    await shot(guest, '3-no-code');

    // The admin rotates the seat's code (after confirming); the card printed before stops working at once.
    staff.once('dialog', (dialog) => void dialog.accept());
    await staff.locator('[data-testid="qr-card"][data-seat-id="seat-t3"]').getByTestId('rotate-seat').click();
    await staff.getByTestId('qr-codes-message').waitFor();
    const after = await printedUrl(staff, 'seat-t3');
    expect(after).not.toBe(before);
    await checkIn(guest, before, '2');
    await expect.poll(() => guest.getByTestId('order-top-message').textContent()).toBe(SEAT_CODE_INVALID);
    // The new card works.
    await checkIn(guest, after, '2');
    await guest.waitForURL('**/order/food?**');
    await Promise.all([context.close(), staffContext.close()]);
  });
});
