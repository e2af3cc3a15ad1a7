import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { browserAvailable, desktop, launchBrowser, pageProblems } from '../support/browser';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_STORE, seatCodeOf, serverNow, signedInAdmin, staffBrowser, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();
const yen = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

/**
 * The daily close and sales (decisions 250–251) on a 1280×800 screen: the sales screen shows the day's checkouts in its
 * chart (drawn on the server) and the table beside it; each CSV export starts with the BOM, keeps
 * Japanese intact and totals what the screen shows; the admin home shows the month's sales; the
 * daily close asks before it closes and then shows the day as closed.
 */
describe.runIf(runs)('sales and the daily close on a desktop', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let today: string;
  const paid: number[] = [];
  const problems = pageProblems();
  afterEach(() => problems.assertNone());

  beforeAll(async () => {
    server = await startTableOrderServer();
    today = tokyoDateOf(await serverNow(server));
    const admin = await signedInAdmin(server.url);
    for (const [seat, method, items] of [
      ['seat-t1', 'cash', [{ menu_id: 'menu-blend', quantity: 2 }]],
      [
        'seat-t3',
        'credit',
        [
          { menu_id: 'menu-cheesecake', quantity: 2 },
          { menu_id: 'menu-latte', quantity: 1 },
        ],
      ],
      ['seat-s1', 'qr', [{ menu_id: 'menu-napolitan', quantity: 1 }]],
    ] as const) {
      const guest = httpClient(server.url);
      const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
        seat_id: seat,
        seat_code: await seatCodeOf(server.url, seat),
        number_of_people: 2,
        ...AT_DEMO_STORE,
      });
      expect(checkIn.status).toBe(200);
      const order = await guest.send('POST', '/api/orders', {
        json: { seat_id: seat, reservation_id: checkIn.body.reservation_id, items },
        headers: withToken(checkIn.body.token),
      });
      const { order_id } = (await order.json()) as { order_id: string };
      const checkout = await admin.send('POST', '/api/orders/checkout', {
        json: { reservation_id: checkIn.body.reservation_id, payment_method: method, order_ids: [order_id] },
      });
      expect(checkout.status).toBe(200);
      paid.push(((await checkout.json()) as { total: number }).total);
    }
    browser = await launchBrowser();
    context = await staffBrowser(browser, server, desktop);
    page = problems.watch(await context.newPage());
    await page.goto('/admin');
    await page.locator('.area[data-ready="true"]').waitFor();
    await page.getByLabel('店舗を選択：').selectOption(DEMO_STORE);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the sales in a chart with its table, and exports CSV with a BOM whose totals are the screen’s', async () => {
    const total = paid.reduce((n, t) => n + t, 0);
    await expect.poll(() => page.getByTestId('sales-glance').getByText('円').first().textContent()).toContain(`${total.toLocaleString('en-US')}円`);

    await page.getByRole('link', { name: '売上', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sales' && url.searchParams.get('store_id') === DEMO_STORE);
    const current = page.getByTestId('sales-totals-current');
    await expect.poll(async () => yen(await current.locator('[data-figure="total"]').textContent())).toBe(total);
    expect(Number(await current.locator('[data-figure="count"]').textContent())).toBe(3);
    expect(Number(await current.locator('[data-figure="guests"]').textContent())).toBe(6);
    expect(yen(await current.locator('[data-figure="perGuest"]').textContent())).toBe(Math.floor(total / 6));

    // The chart is an SVG drawn on the server, beside a table with a row per day.
    const chart = page.getByTestId('sales-chart');
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.locator('svg').isVisible()).toBe(true);
    expect(await chart.locator('svg path').count()).toBeGreaterThan(3);
    const table = page.getByTestId('sales-table');
    expect(await table.isVisible()).toBe(true);
    const todayRow = table.locator(`tr[data-key="${today}"]`);
    expect(yen(await todayRow.locator('[data-figure="total"]').textContent())).toBe(total);
    const chartBox = (await chart.boundingBox())!;
    const tableBox = (await table.boundingBox())!;
    expect(tableBox.x, 'the table stands beside the chart at 1280 px').toBeGreaterThan(chartBox.x + chartBox.width - 1);
    expect(await page.getByTestId('sales-top-items').textContent()).toContain('ベイクドチーズケーキ');
    // Each column header of the top items stands on one line (数量 wrapped into two at 1280 px).
    const headerLines = await page
      .getByTestId('sales-top-items')
      .locator('th[scope="col"]')
      .evaluateAll((ths) =>
        ths.map((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return `${th.textContent}: ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`;
        }),
      );
    expect(headerLines).toEqual(['商品: 1', '数量: 1', '金額（税抜）: 1']);
    await problems.screen(page, 'admin-sales-1-month');

    // Every export: the BOM, the Japanese header intact, and a totals row equal to the screen's figures.
    const csv = async (kind: string) => {
      const href = await page.locator(`[data-export="${kind}"]`).getAttribute('href');
      const response = await page.request.get(href!);
      expect(response.status(), kind).toBe(200);
      expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
      const bytes = await response.body();
      expect([...bytes.subarray(0, 3)], kind).toEqual([0xef, 0xbb, 0xbf]);
      const rows = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)).trimEnd().split('\r\n');
      return { header: rows[0]!, rows: rows.slice(1, -1), totals: rows.at(-1)!.split(',') };
    };
    const receipts = await csv('receipts');
    expect(receipts.header.startsWith('営業日,発行日時,レシート番号')).toBe(true);
    expect(receipts.rows).toHaveLength(3);
    expect(receipts.totals[0]).toBe('合計');
    expect(Number(receipts.totals.at(-1))).toBe(total);
    const lines = await csv('sales-lines');
    expect(lines.header).toBe('営業日,会計日時,予約ID,注文ID,座席,商品ID,商品,数量,単価,金額,支払方法');
    expect(lines.rows.some((r) => r.includes(',ベイクドチーズケーキ,2,'))).toBe(true);
    const topItems = await page.getByTestId('sales-top-items').locator('tbody tr td:nth-child(3)').allTextContents();
    expect(Number(lines.totals[9])).toBe(topItems.reduce((n, t) => n + yen(t), 0));
    expect((await csv('reservations')).header.startsWith('予約日,時刻,予約番号')).toBe(true);
    const shifts = await csv('shifts');
    expect(shifts.header).toBe('日付,スタッフID,氏名,開始,終了,時間,時給,給与');
    expect(shifts.totals[0]).toBe('合計');
  });

  it('asks before closing the day, then shows it closed with the cash difference', async () => {
    await page.getByRole('link', { name: '日計・レジ締め' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/daily-close' && url.searchParams.get('store_id') === DEMO_STORE);
    const close = page.getByTestId('daily-close');
    expect(await close.getAttribute('data-closed')).toBe('no');
    const expected = yen(await page.getByTestId('close-form').locator('[data-figure="cash.expected"]').textContent());
    expect(expected).toBe(paid[0]);
    expect(yen(await page.getByTestId('close-sales').locator('[data-figure="sales.total"]').textContent())).toBe(paid.reduce((n, t) => n + t, 0));
    await page.getByLabel('数えた現金').fill(String(expected + 50));
    await page.getByRole('button', { name: '内容を確認' }).click();
    const confirm = page.getByTestId('close-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('50円');
    await problems.screen(page, 'admin-daily-close-1-confirm');
    await confirm.getByRole('button', { name: '締める' }).click();
    await expect.poll(() => close.getAttribute('data-closed')).toBe('yes');
    expect(yen(await page.getByTestId('close-cash').locator('[data-figure="cash.difference"]').textContent())).toBe(50);
    await problems.screen(page, 'admin-daily-close-2-closed');
  });
});
