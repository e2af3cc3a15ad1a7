import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, browserSuite, tablet } from '../support/browser';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_STORE, serverNow, staffBrowser, startTableOrderServer, withToken, seatCodeOf } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { demoCoursesReady, LUNCH } from '../reservation/booking-steps';

const runs = browserAvailable();

/**
 * The admin home on a tablet: a booking and a table order made in the test show on the day at a
 * glance and in the day's orders; cost management adds, edits and removes an ingredient line and
 * the margin follows (decisions 121–123).
 */
describe.runIf(runs)('the admin home and cost management', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));

  beforeAll(async () => {
    await demoCoursesReady(server.url);
    context = await staffBrowser(browser, server, tablet);
    page = problems.watch(await context.newPage());
  });

  it('shows today’s order and a booking made in the test, with links to act on them', async () => {
    // A guest at table 1 orders two blends; a party of four books a later day.
    const guest = httpClient(server.url);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t1',
      seat_code: await seatCodeOf(server.url, 'seat-t1'),
      number_of_people: 2,
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status).toBe(200);
    const ordered = await guest.send('POST', '/api/orders', {
      json: { seat_id: 'seat-t1', reservation_id: checkIn.body.reservation_id, items: [{ menu_id: 'menu-blend', quantity: 2 }] },
      headers: withToken(checkIn.body.token),
    });
    expect(ordered.status).toBe(200);
    const booker = httpClient(server.url);
    const date = (await booker.post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 4, menuIds: [LUNCH] })).body.dates[1]!;
    const time = (await booker.post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 4, menuIds: [LUNCH] })).body.times[0]!;
    expect((await booker.post('/api/customery-day/allocate-seat', { date, time, people: 4, menuIds: [LUNCH] })).status).toBe(200);
    const sent = await booker.post('/api/reservation-confirmation/send-confirmation', {
      name: '伊藤 さくら',
      email: 'ito@example.jp',
      phone: '090-5555-6666',
      reservationData: { date, time, people: 4, cart: [{ menu_id: LUNCH, quantity: 4 }] },
    });
    expect(sent.status).toBe(200);

    // Without a store, a sub-path goes back to /admin and the sidebar waits.
    await page.goto('/admin/cost-management');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('.area[data-ready="true"]').waitFor();
    expect(await page.title()).toBe('MonCafe 駅前店 | MonCafe');
    expect(await page.getByRole('link', { name: '原価管理' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('店舗を選択：').selectOption(DEMO_STORE);

    const today = tokyoDateOf(await serverNow(server));
    const day = page.getByTestId('admin-day');
    await expect.poll(() => day.getAttribute('data-date')).toBe(today);
    await expect.poll(() => page.getByTestId('open-orders').textContent()).toContain('テーブル1：ブレンドコーヒー×2');
    expect(await page.getByTestId('checked-in').textContent()).toContain('テーブル1');
    expect(await page.getByTestId('checked-in').getByRole('link', { name: '会計へ' }).getAttribute('href')).toBe(
      `/monitor/checkout?reservation_id=${checkIn.body.reservation_id}`,
    );
    const orders = page.getByTestId('day-orders');
    expect(await orders.textContent()).toContain('ブレンドコーヒー×2');
    expect(await orders.textContent()).toContain('未会計');
    expect(await orders.getByRole('link', { name: 'CSVをダウンロード' }).getAttribute('href')).toBe(
      `/api/admin/orders/export.csv?store_id=${DEMO_STORE}&date=${today}`,
    );
    await problems.screen(page, 'admin-home-1-today');

    // The booking's day: its hour with four covers.
    await page.getByLabel('日付：').fill(date);
    await expect.poll(() => day.getAttribute('data-date')).toBe(date);
    const hours = page.getByTestId('bookings-by-hour');
    await expect.poll(() => hours.locator('tbody tr').first().textContent()).toBe(`${time.slice(0, 2)}:0014`);
    expect(await hours.textContent()).toContain('合計 1件・4名');
  });

  it('cost management adds, edits and removes an ingredient line, and the margin follows', async () => {
    await page.getByRole('link', { name: '原価管理' }).click();
    await page.waitForURL('**/admin/cost-management');
    await page.locator('[data-testid="cost-management"][data-ready="true"]').waitFor();
    expect(await page.title()).toBe('原価管理 | MonCafe 駅前店 | MonCafe');
    await page.getByRole('combobox', { name: /^メニュー/ }).selectOption('menu-blend');
    const margin = page.getByTestId('chosen-margin');
    // The demo's blend: 0.015 kg × 3,600円 + 1 × 4円 = 58円.
    await expect.poll(() => margin.textContent()).toBe('売価 500円 ／ 原価 58円 ／ 粗利 442円');
    // Today's two blends: sales 1,000円, cost 116円.
    await expect.poll(() => page.getByTestId('day-totals').textContent()).toContain('売上 1,000円 ／ 原価 116円 ／ 粗利 884円');

    const add = page.locator('section.sa-editor');
    await add.getByLabel('材料名').fill('ガムシロップ');
    await add.getByLabel('数量').fill('2');
    await add.getByLabel('単位').fill('個');
    await add.getByLabel('単価（円）').fill('5');
    await add.getByRole('button', { name: '追加' }).click();
    await expect.poll(() => margin.textContent()).toBe('売価 500円 ／ 原価 68円 ／ 粗利 432円');
    await expect.poll(() => page.getByTestId('day-totals').textContent()).toContain('原価 136円 ／ 粗利 864円');
    await problems.screen(page, 'admin-cost-1-added');

    await page.getByRole('button', { name: 'ガムシロップ 編集' }).click();
    const form = page.locator('[data-testid="editor-list"] form');
    await form.getByLabel('単価（円）').fill('12.5');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => margin.textContent()).toBe('売価 500円 ／ 原価 83円 ／ 粗利 417円');

    await page.getByRole('button', { name: 'ガムシロップ 削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect.poll(() => margin.textContent()).toBe('売価 500円 ／ 原価 58円 ／ 粗利 442円');
    expect(await page.getByTestId('cost-line').allTextContents()).not.toContain(expect.stringContaining('ガムシロップ'));
  });
});
