import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { browserAvailable, offlineContext, pageProblems, phone, startBrowser, tablet } from '../support/browser';
import { addDays, minutesOf, timeOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { httpClient } from '../support/http-client';
import {
  AT_DEMO_STORE,
  DEMO_STORE,
  guestPhone,
  seatCodeOf,
  serverNow,
  signedInAdmin,
  startTableOrderServer,
  waitForOrderMenu,
  withToken,
} from '../support/table-order';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/** The floor's tablet (landscape). */

/**
 * The floor view (decisions 280–283): the seats live on /monitor, a guest's
 * 「スタッフを呼ぶ」 reaching it without a reload, and the table-ordering screens with only the
 * guest's own navigation, none of them wider than a phone.
 */
describe.runIf(runs)('the floor view', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());

  async function ownerAt(screen: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
    const context = await offlineContext(browser, server.url, screen);
    await context.addInitScript((store) => {
      window.localStorage.setItem('staffStoreId', store);
      window.localStorage.setItem('adminStoreId', store);
    }, DEMO_STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
    const page = problems.watch(await context.newPage());
    page.setDefaultTimeout(60_000);
    return { context, page };
  }

  /** px beyond the screen's width (0: nothing scrolls sideways). */
  const overflow = (page: Page) => page.evaluate((width) => document.documentElement.scrollWidth - width, page.viewportSize()!.width);

  beforeAll(async () => {
    server = await startTableOrderServer();
    browser = await startBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a guest’s スタッフを呼ぶ appears on an open floor view without reload, and staff answer it there', async () => {
    const { context: tabletContext, page: floor } = await ownerAt(tablet);
    await floor.goto('/monitor');
    await floor.locator('[data-testid="floor-view"][data-live="up"]').waitFor();
    expect(await floor.locator('.site-header').count(), 'the public header').toBe(0);
    const tile = floor.getByTestId('floor-seat').filter({ hasText: 'テーブル2' });
    expect(await tile.getAttribute('data-phase')).toBe('free');
    await problems.screen(floor, 'floor-tablet-before');

    const guestContext = await guestPhone(browser, server.url, AT_DEMO_STORE);
    const guest = problems.watch(await guestContext.newPage());
    guest.setDefaultTimeout(60_000);
    await guest.goto(`/order/top?seat_id=seat-t2&code=${await seatCodeOf(server.url, 'seat-t2')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('2');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();

    // The check-in reaches the floor live: the seat is taken by a party of two.
    await expect.poll(() => tile.getAttribute('data-phase'), { timeout: 10_000 }).toBe('seated');
    expect(await tile.textContent()).toContain('2名');

    // Only the guest's own navigation: menu, cart, bill and the call.
    expect(await guest.locator('.site-header').count(), 'the public header on the order page').toBe(0);
    const nav = guest.getByRole('navigation', { name: 'ご注文メニュー' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['メニュー', 'カート', 'お会計']);
    await guest.getByTestId('call-staff').click();
    await expect.poll(() => guest.getByTestId('call-staff-message').textContent()).toBe('スタッフを呼びました。少々お待ちください。');
    await problems.screen(guest, 'floor-guest-called');

    const call = floor.getByTestId('staff-call');
    await expect.poll(() => call.count(), { timeout: 10_000 }).toBe(1);
    expect(await call.textContent()).toContain('テーブル2からスタッフの呼び出し');
    await problems.screen(floor, 'floor-tablet-call');
    await call.getByRole('button', { name: '対応する' }).click();
    await expect.poll(() => call.count()).toBe(0);
    // The answer reaches the guest's open screen without a reload (decision 352).
    await expect.poll(() => guest.getByTestId('call-staff-message').textContent(), { timeout: 10_000 }).toBe('スタッフがまいります。');

    // Pressed again at once, the call is held back (one call per visit every 30 seconds).
    await guest.getByTestId('call-staff').click();
    await expect.poll(() => guest.getByTestId('call-staff-message').textContent()).toBe('少し時間をおいてからもう一度お呼びください。');

    // A tap on the seat opens it for an order and checkout.
    await tile.click();
    await floor.waitForURL('**/monitor/order?**seat_id=seat-t2**');
    await floor.getByRole('link', { name: /会計/ }).first().waitFor();
    await Promise.all([tabletContext.close(), guestContext.close()]);
  });

  it('staff enter a phone booking on the floor screen, and it appears on the schedule with the guest status', async () => {
    const now = tokyoDateTime(await serverNow(server));
    const days = (await (
      await fetch(`${server.url}/api/admin/business-hours?store_id=${DEMO_STORE}&start_date=${addDays(now.date, 1)}&end_date=${addDays(now.date, 14)}`)
    ).json()) as Record<string, { is_closed: boolean; open_time: string | null }>;
    const [date, day] = Object.entries(days)
      .sort()
      .find(([, d]) => !d.is_closed && d.open_time)!;
    const time = timeOf(minutesOf(day.open_time!) + 60);

    const { context, page } = await ownerAt(tablet);
    await page.goto('/monitor/order');
    const form = page.getByTestId('phone-booking');
    await form.waitFor();
    await form.getByLabel('お名前').fill('電話 花子');
    await form.getByLabel('電話番号').fill('090-1234-5678');
    await form.getByLabel('人数').selectOption('2');
    await form.getByLabel('日付').fill(date);
    await form.getByLabel('時刻').fill(time);
    await form.getByLabel('備考（アレルギーなど）').fill('卵アレルギー');
    await problems.screen(page, 'floor-phone-booking-form');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/monitor/staff-bookings'));
    await form.getByTestId('phone-booking-submit').click();
    const booked = (await (await answered).json()) as { reservation_id: string };
    await expect.poll(() => form.getByTestId('phone-booking-message').textContent()).toMatch(/^電話 花子様のご予約を受け付けました（予約番号 MC-/);

    await page.goto(`/monitor/reservation?date=${date}`);
    await page.locator('[data-testid="schedule"][data-ready="true"]').waitFor();
    const block = page.locator('[data-testid="schedule-block"]').filter({ hasText: '電話 花子' });
    await expect.poll(() => block.count()).toBe(1);
    await problems.screen(page, 'floor-phone-booking-schedule');
    // The booking is held with the spec's guest status (shown as QR), not as a web booking: the
    // schedule's row, the block's colour class and its words, and the detail all say so.
    const admin = await signedInAdmin(server.url);
    const rows = await admin.getJson<{ reservations: { id: string; status: string | null }[] }>(
      `/api/admin/reservations/status?store_id=${DEMO_STORE}&date=${date}`,
    );
    expect(rows.body.reservations.find((r) => r.id === booked.reservation_id)?.status).toBe('guest');
    expect(await block.getAttribute('data-reservation-id')).toBe(booked.reservation_id);
    expect((await block.getAttribute('class'))!.split(' ')).toContain('status-guest');
    expect(await block.locator('.schedule-block-meta').textContent()).toBe(`${time} 2名 QR`);
    // Its detail carries the status and the remarks taken on the phone.
    await block.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('schedule-detail');
    await dialog.waitFor();
    expect(await dialog.getByTestId('detail-status').textContent()).toBe('QR');
    expect(await dialog.getByTestId('detail-remarks').textContent()).toBe('卵アレルギー');
    await context.close();
  });

  it('a voided line disappears from the kitchen ticket and the bill, with its reason in the history', async () => {
    const guest = httpClient(server.url);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t1',
      number_of_people: 2,
      seat_code: await seatCodeOf(server.url, 'seat-t1'),
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const reservationId = checkIn.body.reservation_id;
    const menu = await waitForOrderMenu(server.url);
    const other = menu.find((m) => m.id !== 'menu-blend')!;
    const order = {
      seat_id: 'seat-t1',
      reservation_id: reservationId,
      items: [
        { menu_id: 'menu-blend', quantity: 2 },
        { menu_id: other.id, quantity: 1 },
      ],
    };
    const placed = await guest.send('POST', '/api/orders', { json: order, headers: withToken(checkIn.body.token) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const { context: kitchenContext, page: kitchen } = await ownerAt(tablet);
    await kitchen.goto('/kitchen');
    await kitchen.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    const ticket = kitchen.getByTestId('kitchen-order').filter({ hasText: 'テーブル1' });
    await expect.poll(() => ticket.textContent()).toContain('ブレンドコーヒー');

    const { context: floorContext, page: floor } = await ownerAt(tablet);
    await floor.goto(`/monitor/order?store_id=${DEMO_STORE}&seat_id=seat-t1`);
    const line = floor.getByRole('button', { name: 'ブレンドコーヒーを取り消す' });
    await line.waitFor();
    floor.once('dialog', (dialog) => void dialog.accept('お客様の注文間違い'));
    await line.click();
    await expect.poll(() => floor.getByRole('status').filter({ hasText: '注文を取り消しました。' }).count()).toBe(1);
    await problems.screen(floor, 'floor-voided');

    // The kitchen's open ticket changes without a reload; the other item stays on it.
    await expect.poll(() => ticket.textContent(), { timeout: 10_000 }).not.toContain('ブレンドコーヒー');
    expect(await ticket.textContent()).toContain(other.name);

    // The bill is recomputed from what is left.
    const admin = await signedInAdmin(server.url);
    const bill = await admin.getJson<{ order_items: { menu_name: string }[]; subtotal: number }>(`/api/orders/checkout?reservation_id=${reservationId}`);
    expect(bill.body.order_items.map((i) => i.menu_name)).toEqual([other.name]);
    // The bill's subtotal is the sum of the prices as shown, tax included (decision 500).
    expect(bill.body.subtotal).toBe(other.price_with_tax);

    // The owner reads the void in the history in Japanese.
    await floor.goto('/admin/history');
    await expect.poll(() => floor.locator('main').textContent()).toContain('注文品目の取り消し');
    await Promise.all([kitchenContext.close(), floorContext.close()]);
  });

  it('no table-ordering page, and neither the kitchen nor the monitor, scrolls sideways on a phone', async () => {
    const guestContext = await guestPhone(browser, server.url, AT_DEMO_STORE);
    const guest = problems.watch(await guestContext.newPage());
    guest.setDefaultTimeout(60_000);
    await guest.goto(`/order/top?seat_id=seat-t4&code=${await seatCodeOf(server.url, 'seat-t4')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    const overflows = [`/order/top: ${await overflow(guest)}`];
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    overflows.push(`/order/food: ${await overflow(guest)}`);
    // A line in the cart, then ordered: the cart and the bill are measured with their tables drawn.
    await guest.getByRole('button', { name: 'ブレンドコーヒー カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**');
    await guest.locator('[data-testid="order-cart"][data-ready="true"]').waitFor();
    await guest.getByTestId('place-order').waitFor();
    overflows.push(`/order: ${await overflow(guest)}`);
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-choices').waitFor();
    await guest.getByRole('link', { name: 'お会計へ進む' }).click();
    await guest.waitForURL('**/checkout?**');
    await guest.locator('.checkout-table').waitFor();
    await guest.getByTestId('complete-checkout').waitFor();
    overflows.push(`/checkout: ${await overflow(guest)}`);
    await problems.screen(guest, 'floor-phone-checkout');
    await guest.goto('/order/join?pass=x');
    await guest.waitForLoadState('networkidle');
    overflows.push(`/order/join: ${await overflow(guest)}`);
    expect(overflows).toEqual(['/order/top: 0', '/order/food: 0', '/order: 0', '/checkout: 0', '/order/join: 0']);
    await guestContext.close();

    const { context, page } = await ownerAt(phone);
    // Each screen once it has drawn what it shows (a live screen's stream never lets the network idle).
    const staffScreens: [path: string, ready: string][] = [
      ['/kitchen', '[data-testid="kitchen"][data-live="up"]'],
      ['/kitchen/history', 'main h2'],
      ['/kitchen/stock', '[data-testid="stock-row"]'],
      ['/monitor', '[data-testid="floor-view"][data-live="up"]'],
      ['/monitor/order', '[data-testid="floor-view"][data-live="up"]'],
      ['/monitor/kitchen', '[data-testid="kitchen"][data-live="up"]'],
      ['/monitor/stock', '[data-testid="stock-row"]'],
      ['/monitor/reservation', '.area[data-ready="true"]'],
      ['/monitor/checkout', '.area[data-ready="true"]'],
    ];
    const wide: string[] = [];
    for (const [path, ready] of staffScreens) {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      wide.push(`${path}: ${await overflow(page)}`);
    }
    await problems.screen(page, 'floor-phone-last');
    expect(wide).toEqual(staffScreens.map(([p]) => `${p}: 0`));
    await context.close();
  });

  it('staff seat a named walk-in from the floor form; the kitchen at 1024×768 shows its party, timer and allergy, coloured at the store’s minutes', async () => {
    // The store's kitchen thresholds, set in the order-limits editor (decision 350): amber at 5, red at 15 minutes.
    const admin = await signedInAdmin(server.url);
    const limits = {
      store_id: DEMO_STORE,
      per_visit_per_minute: '12',
      per_token_per_minute: '6',
      lines_per_person: '5',
      quantity_per_person: '5',
      staff_above_yen: '30000',
    };
    const backwards = await admin.send('POST', `/admin/order-limits?store_id=${DEMO_STORE}`, {
      form: { ...limits, ticket_warn_minutes: '15', ticket_late_minutes: '5' },
    });
    expect(backwards.status, 'red before amber is refused').toBe(400);
    const saved = await admin.send('POST', `/admin/order-limits?store_id=${DEMO_STORE}`, {
      form: { ...limits, ticket_warn_minutes: '5', ticket_late_minutes: '15' },
    });
    expect(saved.status).toBe(200);

    // A walk-in with a name, no phone, a party of three and an allergy, seated from the floor form (decision 351).
    const { context, page } = await ownerAt(tablet);
    await page.goto('/monitor/order');
    const form = page.getByTestId('phone-booking');
    await form.waitFor();
    await form.getByLabel('いま来店されたお客様（予約なし）').check();
    expect(await form.getByLabel('日付').count(), 'a walk-in is now: no date to pick').toBe(0);
    await form.getByLabel('お名前').fill('来店 次郎');
    await form.getByLabel('人数').selectOption('3');
    await form.getByLabel('備考（アレルギーなど）').fill('えびアレルギー');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/monitor/staff-bookings'));
    await form.getByTestId('phone-booking-submit').click();
    const walkIn = (await (await answered).json()) as { reservation_id: string; seat_ids: string[]; seated: { seat_name: string } };
    await expect.poll(() => form.getByTestId('phone-booking-message').textContent()).toBe(`来店 次郎様を${walkIn.seated.seat_name}にご案内しました。`);
    await page.getByTestId('seat-party-qr').waitFor();
    await problems.screen(page, 'floor-walk-in-seated');
    // The floor shows the seat taken by a party of three.
    const tile = page.getByTestId('floor-seat').filter({ hasText: walkIn.seated.seat_name });
    await expect.poll(() => tile.getAttribute('data-phase'), { timeout: 10_000 }).toBe('seated');
    expect(await tile.textContent()).toContain('3名');

    // Staff order for the party; the kitchen tablet shows the ticket with party, timer and the allergy.
    const placed = await admin.post('/api/orders', {
      seat_id: walkIn.seat_ids[0],
      reservation_id: walkIn.reservation_id,
      order_id: crypto.randomUUID(),
      items: [
        { menu_id: 'menu-blend', quantity: 3 },
        { menu_id: 'menu-gateau', quantity: 1, takeout: true },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await page.goto('/kitchen');
    await page.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    expect(await page.locator('.site-header').count(), 'the public header on the kitchen').toBe(0);
    const ticket = page.getByTestId('kitchen-order').filter({ hasText: walkIn.seated.seat_name });
    await ticket.waitFor();
    expect(await ticket.getByTestId('party-size').textContent()).toBe('3名');
    expect(await ticket.getByTestId('ticket-timer').textContent()).toMatch(/^\d+:\d{2}$/);
    const allergy = ticket.getByTestId('ticket-notes').locator('[data-allergy="true"]');
    expect(await allergy.textContent()).toContain('えびアレルギー');
    expect(await allergy.isVisible()).toBe(true);
    expect(await ticket.getAttribute('data-age')).toBe('ok');
    // The cake is to take away (decision 641): its line says 持ち帰り, the coffees' do not.
    const packed = ticket.locator('.kitchen-items li[data-takeout="true"]');
    expect(await packed.count()).toBe(1);
    expect(await packed.textContent()).toContain('持ち帰り');
    expect(await packed.textContent()).toContain('ガトーショコラ');
    expect(await ticket.locator('.kitchen-items li:not([data-takeout])').textContent()).not.toContain('持ち帰り');
    await problems.screen(page, 'kitchen-tablet-allergy', { fullPage: false });

    // Six minutes later the ticket is amber (the default would be 10), sixteen minutes later red (the default 20).
    await server.advanceClock(6 * 60_000);
    await page.reload();
    await expect.poll(() => ticket.getAttribute('data-age')).toBe('warn');
    await server.advanceClock(10 * 60_000);
    await page.reload();
    await expect.poll(() => ticket.getAttribute('data-age')).toBe('late');
    await context.close();
  });
});
