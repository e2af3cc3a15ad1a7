import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, offlineContext, pageProblems, startBrowser, tablet } from '../support/browser';
import { minutesOf, timeOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { DEMO_STORE, serverNow, signedInAdmin, startTableOrderServer } from '../support/table-order';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * The floor at the rush (decision 674): a seat's tile names its next booking, seating a party
 * there that would still be at the table when it is due asks first, and a phone booking reads
 * 予約 — not QR — until its party arrives.
 */
describe.runIf(runs)('the floor shows each seat’s next booking', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());

  beforeAll(async () => {
    server = await startTableOrderServer();
    browser = await startBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function floorTablet(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await offlineContext(browser, server.url, tablet);
    await context.addInitScript((store) => {
      window.localStorage.setItem('staffStoreId', store);
      window.localStorage.setItem('adminStoreId', store);
    }, DEMO_STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
    const page = problems.watch(await context.newPage());
    page.setDefaultTimeout(60_000);
    return { context, page };
  }

  it('a booking at +20 minutes is on its seat’s tile, seating a 90-minute party there warns first, and the phone booking reads 予約 until it arrives', async () => {
    const now = tokyoDateTime(await serverNow(server));
    // 20 minutes from the server's now, on the booking form's 5-minute steps.
    const time = timeOf(Math.ceil((now.minute + 20) / 5) * 5);
    const admin = await signedInAdmin(server.url);
    const booked = await admin.post<{ reservation_id: string; seat_ids: string[] }>('/api/monitor/staff-bookings', {
      store_id: DEMO_STORE,
      date: now.date,
      time,
      people: 2,
      name: '電話 次郎',
      phone: '090-0000-1111',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const seatId = booked.body.seat_ids[0]!;

    const { context, page } = await floorTablet();
    await page.goto(`/monitor?store_id=${DEMO_STORE}`);
    await page.locator('[data-testid="floor-view"][data-live="up"]').waitFor();
    const tile = page.locator(`[data-testid="floor-seat"][data-seat-id="${seatId}"]`);
    expect(await tile.getAttribute('data-phase')).toBe('free');
    // The tile names the booking, its party and its label: a phone booking is 予約, never QR.
    const next = tile.getByTestId('floor-next');
    expect(await next.textContent()).toContain(`次の予約 ${time} 2名 予約`);
    expect(await next.textContent()).not.toContain('QR');
    // The seat's hold time (90 minutes, the demo's seats) from now runs into it: the tile says so.
    expect(await next.textContent()).toContain('いま90分の案内は重なります');
    await problems.screen(page, 'floor-next-booking-tile');

    // Seating a walk-in there says plainly that the seat is booked, and waits for staff.
    await tile.click();
    await page.waitForURL(`**/monitor/order?**seat_id=${seatId}**`);
    await page.getByTestId('seat-party').click();
    const warning = page.getByTestId('next-booking-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`${time}に予約があります`);
    expect(await page.getByTestId('seat-party-qr').count(), 'nothing is seated before staff confirm').toBe(0);
    await problems.screen(page, 'floor-next-booking-warning');
    // Staff may still seat the party, until the booking.
    await warning.getByTestId('seat-until-next').click();
    await page.getByTestId('seat-party-qr').waitFor();
    await expect.poll(() => tile.getAttribute('data-phase'), { timeout: 10_000 }).toBe('seated');
    await expect.poll(async () => (await tile.getByTestId('floor-next').textContent()) ?? '').toContain(`次の予約 ${time} 2名 予約`);

    // At the booking's time the booked party arrives and is seated: it is no longer a booking to come.
    const arrival = minutesOf(time) - now.minute;
    await server.advanceClock(arrival * 60_000);
    const seated = await admin.post<{ reservation_id: string; is_existing: boolean }>('/api/orders/seat-party', { seat_id: seatId, number_of_people: 2 });
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    expect(seated.body).toMatchObject({ reservation_id: booked.body.reservation_id, is_existing: true });
    await page.goto(`/monitor?store_id=${DEMO_STORE}`);
    await page.locator('[data-testid="floor-view"][data-live="up"]').waitFor();
    await expect.poll(() => tile.getAttribute('data-phase'), { timeout: 10_000 }).toBe('seated');
    expect(await tile.getByTestId('floor-next').count(), 'the arrived party is not its own next booking').toBe(0);
    expect(await tile.textContent()).toContain('2名');
    await context.close();
  });
});
