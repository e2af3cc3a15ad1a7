import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, pageProblems, screenshotDir } from '../support/browser';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, FAR_FROM_DEMO_STORE, guestPhone, signedInAdmin, startTableOrderServer, seatCodeOf } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * A phone whose position is far from the store (a basement, a bad fix) is refused with the spec's
 * words; after staff grant the reservation 15 minutes, the same phone checks in and orders without
 * location, and once the 15 minutes are over (the server's clock moved, no sleeping) it is refused.
 */
describe.runIf(runs)('a guest outside the geofence, rescued by staff for 15 minutes', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `table-order-geofence-${name}.png`), fullPage: true });

  beforeAll(async () => {
    server = await startTableOrderServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function orderOne(guest: Page, item: string) {
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: `${item} カートに追加` }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**');
    await guest.getByTestId('place-order').click();
  }

  it('shows the spec’s message outside the fence, orders without location after the grant, and is refused after 15 minutes', async () => {
    // The party's first phone checked in at the table; this one is far off.
    const first = await httpClient(server.url).post<{ reservation_id: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t4',
      seat_code: await seatCodeOf(server.url, 'seat-t4'),
      number_of_people: 3,
      ...AT_DEMO_STORE,
    });
    expect(first.status).toBe(200);
    const reservationId = first.body.reservation_id;

    const context = await guestPhone(browser, server.url, FAR_FROM_DEMO_STORE);
    const guest = problems.watch(await context.newPage());
    const dialogs: string[] = [];
    guest.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });

    const checkIn = async () => {
      await guest.goto('/order/top?seat_id=seat-t4');
      await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
      await guest.getByTestId('people').selectOption('3');
      await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    };
    await checkIn();
    await guest.waitForURL('**/moncafe');
    expect(dialogs).toEqual(['この端末からは注文できません、スタッフへお声かけください。']);

    const admin = await signedInAdmin(server.url);
    const grant = await admin.post<{ success: boolean; until: string }>(`/api/admin/reservations/${reservationId}/grant-token`, { minutes: 15 });
    expect(grant.body.success).toBe(true);

    await checkIn();
    await guest.waitForURL('**/order/food?**');
    await orderOne(guest, 'カフェラテ');
    await guest.getByTestId('order-confirmed').waitFor();
    await shot(guest, '1-ordered-under-grant');

    await server.advanceClock(14 * 60_000);
    await guest.getByRole('link', { name: '続けて注文する' }).click();
    await orderOne(guest, '抹茶ラテ');
    await guest.getByTestId('order-confirmed').waitFor();

    // The waiver is over: the order is refused, the renewal from far away too, and the guest is asked to rescan.
    await server.advanceClock(2 * 60_000);
    await guest.getByRole('link', { name: '続けて注文する' }).click();
    await orderOne(guest, 'オレンジジュース');
    await guest.getByTestId('rescan').waitFor();
    expect(await guest.getByTestId('rescan').textContent()).toContain('認証に失敗しました。QRコードを読み取り直してください。');
    await shot(guest, '2-refused-after');

    const orders = await admin.getJson<{ orders: { items: { menu_name: string }[] }[] }>(`/api/orders/by-reservation/${reservationId}`);
    expect(orders.body.orders.flatMap((o) => o.items.map((i) => i.menu_name))).toEqual(['カフェラテ', '抹茶ラテ']);
    await context.close();
  });
});
