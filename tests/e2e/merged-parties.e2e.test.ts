import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, offlineContext, pageProblems, phone, startBrowser, tablet } from '../support/browser';
import type { HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { DEMO_STORE, signedInAdmin, startTableOrderServer } from '../support/table-order';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestWebServer } from '../support/web-server';

const runs = browserAvailable();
const pgUrl = await postgresUrl();

/** The floor's tablet (landscape). */

/**
 * Merged parties (decision 370): staff merge two seated parties at adjoining seats
 * (テーブル1 and テーブル2) on the floor view; an open schedule and the kitchen follow
 * `reservation-merged` without reload; the merged bill has both parties' orders; the undo before
 * checkout gives both back. The merged party is one party at its joined size everywhere
 * (decision 649): one row テーブル1・テーブル2 4名 on the checkout list, 4名 on both parties'
 * tickets in the kitchen, and 4名 on the phones of both parties — the one open through the merge
 * and the one opened again after it — and the undo gives each its own size back.
 */
describe.runIf(runs)('merged parties on the floor view', () => {
  let server: TestWebServer;
  let browser: Browser;
  let staff: HttpClient;
  let database: TestDatabase | null = null;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());

  beforeAll(async () => {
    database = pgUrl ? await createTestDatabase(pgUrl, 'moncafe_merge_e2e') : null;
    server = await startTableOrderServer({ port: 15602, ...(database ? { env: { DATABASE_URL: database.url } } : {}) });
    browser = await startBrowser();
    staff = await signedInAdmin(server.url);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.drop();
  });

  /** A party staff seat: its reservation and the path of the one-time QR its phone opens. */
  async function seated(seatId: string, people: number): Promise<{ id: string; pass: string }> {
    const r = await staff.postJson('/api/orders/seat-party', { seat_id: seatId, number_of_people: people });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { reservation_id: string; url: string };
    const url = new URL(body.url);
    return { id: body.reservation_id, pass: `${url.pathname}${url.search}` };
  }
  async function ordered(reservationId: string, seatId: string, quantity: number): Promise<string> {
    const r = await staff.postJson('/api/orders', { seat_id: seatId, reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity }] });
    expect(r.status).toBe(200);
    return ((await r.json()) as { order_id: string }).order_id;
  }
  const billOrders = async (reservationId: string) =>
    (await staff.getJson<{ order_ids: string[] }>(`/api/orders/checkout?reservation_id=${reservationId}`)).body.order_ids.sort();

  it('staff merge two seated parties; the schedule and the kitchen follow live; one bill; the undo restores both', async () => {
    const { id: host, pass: hostPass } = await seated('seat-t1', 2);
    const { id: other, pass: otherPass } = await seated('seat-t2', 2);
    const hostOrder = await ordered(host, 'seat-t1', 1);
    const otherOrder = await ordered(other, 'seat-t2', 2);

    // Three devices (a browser keeps six connections a host, and each screen holds live streams open).
    const contexts: BrowserContext[] = [];
    const open = async (path: string, ready: string): Promise<Page> => {
      const context = await offlineContext(browser, server.url, tablet);
      contexts.push(context);
      await context.addInitScript((store) => {
        window.localStorage.setItem('staffStoreId', store);
        window.localStorage.setItem('adminStoreId', store);
      }, DEMO_STORE);
      expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
      const page = problems.watch(await context.newPage());
      page.setDefaultTimeout(60_000);
      await page.goto(path);
      await page.locator(ready).waitFor();
      return page;
    };
    // Each party's phone opens its QR; the other party's phone is put away before the merge.
    const phoneAt = async (path: string): Promise<Page> => {
      const context = await offlineContext(browser, server.url, phone);
      contexts.push(context);
      const page = problems.watch(await context.newPage());
      page.setDefaultTimeout(60_000);
      await page.goto(path);
      await page.locator('[data-testid="order-food"][data-ready="true"][data-live="up"]').waitFor();
      return page;
    };
    const header = (page: Page) => page.locator('.order-seat').textContent();
    const hostPhone = await phoneAt(hostPass);
    expect(await header(hostPhone)).toBe('テーブル1（2名）でチェックインしました');
    let otherPhone = await phoneAt(otherPass);
    expect(await header(otherPhone)).toBe('テーブル2（2名）でチェックインしました');
    const otherPhoneContext = otherPhone.context();
    await otherPhone.close();
    const reopenOtherPhone = async () => {
      otherPhone = problems.watch(await otherPhoneContext.newPage());
      await otherPhone.goto(`/order/food?seat_id=seat-t2&reservation_id=${other}`);
      await otherPhone.locator('[data-testid="order-food"][data-ready="true"][data-live="up"]').waitFor();
    };
    /** The parties the checkout list offers, once it shows them. */
    const checkoutList = async (parties: number) => {
      const list = problems.watch(await floor.context().newPage());
      await list.goto(`/monitor/checkout?store_id=${DEMO_STORE}`);
      await list.locator('.area[data-ready="true"] [data-testid="monitor-checkout"]').waitFor();
      const rows = list.locator('[data-testid="monitor-checkout"] .seat-grid a');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(parties);
      const texts = await rows.allTextContents();
      await list.close();
      return texts;
    };
    const partySizes = () => kitchen.getByTestId('party-size').allTextContents();

    const schedule = await open('/monitor/reservation', '[data-testid="schedule"][data-ready="true"][data-live="up"]');
    const kitchen = await open('/monitor/kitchen', '[data-testid="kitchen"][data-live="up"]');
    const floor = await open(`/monitor/order?store_id=${DEMO_STORE}&seat_id=seat-t1`, '[data-testid="floor-view"][data-live="up"]');
    const blocksOf = (id: string) => schedule.locator(`[data-testid="schedule-block"][data-reservation-id="${id}"]`);
    await expect.poll(() => blocksOf(other).count(), { timeout: 15_000 }).toBe(1);
    expect(await blocksOf(host).count()).toBe(1);
    const seatOrders = floor.getByTestId('seat-order');
    await expect.poll(() => seatOrders.count(), { timeout: 15_000 }).toBe(1);

    // Tap the seated seat → 合流 → the other party → a confirmation first.
    await floor.getByTestId('merge').click();
    await floor.getByTestId('merge-other').filter({ hasText: 'テーブル2（2名）' }).click();
    const confirm = floor.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('テーブル1の組にテーブル2の組を合流させます。');
    await problems.screen(floor, 'merge-confirm');
    await floor.getByTestId('merge-confirm').click();
    await expect
      .poll(() => floor.getByRole('status').filter({ hasText: '合流しました' }).first().textContent(), { timeout: 15_000 })
      .toBe('合流しました（テーブル1・テーブル2・4名）。');

    // The floor shows one party at both seats, with both parties' orders.
    const tile = (name: string) => floor.getByTestId('floor-seat').filter({ hasText: name });
    await expect.poll(() => tile('テーブル2').textContent(), { timeout: 15_000 }).toContain('4名');
    expect(await tile('テーブル2').textContent()).toContain('合流中');
    await expect.poll(() => seatOrders.count(), { timeout: 15_000 }).toBe(2);
    expect(await billOrders(host)).toEqual([hostOrder, otherOrder].sort());
    await problems.screen(floor, 'merged-floor');

    // The open schedule and kitchen followed `reservation-merged` without a reload.
    await expect.poll(() => blocksOf(other).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => blocksOf(host).count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => kitchen.getByTestId('kitchen-merge').textContent(), { timeout: 15_000 })
      .toBe('合流：テーブル1・テーブル2（4名）のご注文は1つのお会計になりました。');
    await problems.screen(kitchen, 'merged-kitchen');

    // One party at its joined size everywhere: the checkout list, the kitchen's tickets, both phones.
    expect(await checkoutList(1)).toEqual([expect.stringMatching(/^テーブル1・テーブル2 \d\d:\d\d〜 4名$/)]);
    await expect.poll(partySizes, { timeout: 15_000 }).toEqual(['4名', '4名']);
    await expect.poll(() => header(hostPhone), { timeout: 15_000 }).toBe('テーブル1（4名）でチェックインしました');
    await reopenOtherPhone();
    await expect.poll(() => header(otherPhone), { timeout: 15_000 }).toBe('テーブル2（4名）でチェックインしました');
    await problems.screen(otherPhone, 'merged-phone');

    // Undo before checkout, after a confirmation: both parties with their own seats and orders again.
    await floor.getByTestId('undo-merge').click();
    expect(await floor.getByRole('alertdialog').textContent()).toContain('テーブル2の組の合流を取り消し');
    await floor.getByTestId('undo-confirm').click();
    await expect.poll(() => floor.getByRole('status').filter({ hasText: '合流を取り消しました' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => seatOrders.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => tile('テーブル2').textContent(), { timeout: 15_000 }).toContain('2名');
    expect(await tile('テーブル2').textContent()).not.toContain('合流中');
    expect(await billOrders(host)).toEqual([hostOrder]);
    expect(await billOrders(other)).toEqual([otherOrder]);
    await expect.poll(() => blocksOf(other).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => blocksOf(host).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => kitchen.getByTestId('kitchen-merge').textContent(), { timeout: 15_000 })
      .toBe('合流が取り消されました。ご注文はそれぞれのお席のお会計に戻りました。');
    // Each party is its own size again, on the phones, in the kitchen and on the checkout list.
    await expect.poll(() => header(hostPhone), { timeout: 15_000 }).toBe('テーブル1（2名）でチェックインしました');
    await expect.poll(() => header(otherPhone), { timeout: 15_000 }).toBe('テーブル2（2名）でチェックインしました');
    await expect.poll(partySizes, { timeout: 15_000 }).toEqual(['2名', '2名']);
    expect((await checkoutList(2)).sort()).toEqual([expect.stringMatching(/^テーブル1 .*2名$/), expect.stringMatching(/^テーブル2 .*2名$/)]);
    await Promise.all(contexts.map((c) => c.close()));
    // Five devices through a merge and its undo: longer than one screen's test.
  }, 240_000);
});
