import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, browserSuite, desktop, offlineContext, phone, tablet } from '../support/browser';
import { AT_DEMO_STORE, DEMO_STORE, moveToOpenHours, ownerContext, seatCodeOf, waitForOrderMenu, withToken, checkedIn } from '../support/table-order';

const runs = browserAvailable();

/** The kitchen's and the floor's tablet (landscape). */

/**
 * Screens made for the job (decision 187), each at the size of the person who uses it: the owner on a
 * laptop, staff on a phone, the kitchen on a tablet.
 */
describe.runIf(runs)('screens made for the job', () => {
  let server: TestWebServer;
  let browser: Browser;
  let admin: HttpClient;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  /** A signed-in owner's browser at `screen`, with the demo store chosen in every area. */
  async function ownerAt(screen: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
    const context = await ownerContext(browser, server.url, screen);
    const page = problems.watch(await context.newPage());
    page.setDefaultTimeout(20_000);
    return { context, page };
  }

  beforeAll(async () => {
    await waitForOrderMenu(server.url);
    await moveToOpenHours(server);
    admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  });

  /**
   * How far a page reaches beyond the phone's width (0: nothing scrolls sideways). A mobile browser
   * widens its layout viewport (innerWidth) to a too-wide page, so the width is the screen's.
   */
  const overflow = (page: Page) => page.evaluate((width) => document.documentElement.scrollWidth - width, page.viewportSize()!.width);

  it('no staff page scrolls sideways on a phone; the menu folds behind メニュー and the public header is gone (items 3, 4)', async () => {
    const { context, page } = await ownerAt(phone);
    const staffPages = ['', 'shift-submit', 'view-shift', 'opening-prep', 'close-prep', 'order', 'recipe', 'serve-method'];
    const overflows: string[] = [];
    for (const sub of staffPages) {
      const path = sub ? `/staff/${sub}` : '/staff';
      await page.goto(path);
      await page.locator('.area[data-ready="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.site-header').count(), `${path}: the public header`).toBe(0);
      await problems.screen(page, `phone-staff-${sub || 'home'}`);
      overflows.push(`${path}: ${await overflow(page)}`);
    }
    expect(overflows, 'px beyond the phone’s width').toEqual(staffPages.map((sub) => `${sub ? `/staff/${sub}` : '/staff'}: 0`));
    // The menu is folded: the screen comes first, and one tap opens the menu.
    const firstLink = page.getByRole('navigation', { name: 'スタッフ' }).getByRole('link', { name: 'シフト提出' });
    expect(await firstLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'メニュー' }).tap();
    await firstLink.tap();
    await page.waitForURL('**/staff/shift-submit');
    await expect.poll(() => firstLink.isVisible(), { message: 'the menu closes after a move' }).toBe(false);

    // The month's shift table is wider than the phone: it scrolls inside its own box, and the date
    // column stays at the box's left edge while the staff columns move under it.
    await page.goto('/staff/view-shift');
    const grid = page.getByTestId('shift-grid');
    await grid.waitFor();
    const scrolled = await grid.evaluate((table) => {
      // The box that scrolls sideways: the table itself (a block that scrolls) or a wrapper around it.
      const scrolls = (el: Element) => el.scrollWidth > el.clientWidth && /auto|scroll/.test(getComputedStyle(el).overflowX);
      let box: Element = table;
      while (!scrolls(box) && box.parentElement) box = box.parentElement;
      const firstColumn = [...table.querySelectorAll('thead tr:first-child > :first-child, tbody tr > :first-child')];
      const dateCell = table.querySelector('tbody tr > th')!;
      const staffCell = dateCell.nextElementSibling!;
      const before = staffCell.getBoundingClientRect().left;
      box.scrollLeft = box.scrollWidth;
      const edge = box.getBoundingClientRect().left + box.clientLeft;
      return {
        positions: [...new Set(firstColumn.map((cell) => getComputedStyle(cell).position))],
        cells: firstColumn.length,
        scrollLeft: box.scrollLeft,
        staffCellMoved: before - staffCell.getBoundingClientRect().left,
        dateCellFromEdge: Math.round(dateCell.getBoundingClientRect().left - edge),
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(scrolled.positions, 'the first column of every row').toEqual(['sticky']);
    expect(scrolled.cells).toBeGreaterThanOrEqual(29);
    expect(scrolled.scrollLeft, 'the table scrolls inside its box').toBeGreaterThan(0);
    expect(scrolled.staffCellMoved).toBeCloseTo(scrolled.scrollLeft, 0);
    expect(scrolled.dateCellFromEdge, 'the date stays at the box’s left edge').toBe(0);
    expect(scrolled.pageWidth, 'the page itself does not widen').toBeLessThanOrEqual(phone.viewport.width);
    await problems.screen(page, 'phone-view-shift-scrolled', { fullPage: false });
    await context.close();
  });

  it('the checklist’s column headers keep their words whole on a phone: No. and 記録 each on one line', async () => {
    const { context, page } = await ownerAt(phone);
    await page.goto('/staff/opening-prep');
    const headers = page.getByTestId('checklist').locator('thead th');
    await headers.first().waitFor();
    // A header's words on one line give one box per text; a word broken across lines gives one box per line.
    const lines = await headers.evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return `${cell.textContent}: ${new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size}`;
      }),
    );
    expect(lines).toEqual(['No.: 1', 'タスク: 1', '完了: 1', '記録: 1']);
    await context.close();
  });

  it('store coordinates opened from the sidebar show the saved latitude and longitude (保存 there removed the geofence)', async () => {
    const { context, page } = await ownerAt(desktop);
    await page.goto('/admin');
    await page.locator('.area[data-ready="true"]').waitFor();
    await page.getByRole('link', { name: '店舗位置情報' }).click();
    await page.waitForURL(/store_id=/);
    await expect.poll(() => page.getByLabel('緯度').inputValue()).toBe(String(AT_DEMO_STORE.lat));
    expect(await page.getByLabel('経度').inputValue()).toBe(String(AT_DEMO_STORE.lng));
    await context.close();
  });

  it('the kitchen tablet shows full tickets with party size and a running timer, bumps and recalls by key, counts what is left to make, and remembers its sound', async () => {
    const guest = httpClient(server.url);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t3',
      number_of_people: 2,
      seat_code: await seatCodeOf(server.url, 'seat-t3'),
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const order = { seat_id: 'seat-t3', reservation_id: checkIn.body.reservation_id, items: [{ menu_id: 'menu-blend', quantity: 2 }] };
    expect((await guest.send('POST', '/api/orders', { json: order, headers: withToken(checkIn.body.token) })).status).toBe(200);

    const { context, page } = await ownerAt(tablet);
    await page.goto('/kitchen');
    await page.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    expect(await page.locator('.site-header').count(), 'the public header').toBe(0);
    // The kitchen has no store choice; its bar names the store whose orders it shows (this device's last chosen).
    await expect.poll(() => page.locator('.area-bar-store').textContent()).toBe('MonCafe 駅前店');
    const ticket = page.getByTestId('kitchen-order').first();
    await ticket.waitFor();
    expect(await ticket.getByTestId('party-size').textContent()).toBe('2名');
    const timer = ticket.getByTestId('ticket-timer');
    expect(await timer.textContent()).toMatch(/^\d+:\d{2}$/);
    await expect.poll(() => page.getByTestId('all-day').textContent()).toContain('ブレンドコーヒー × 2');
    await problems.screen(page, 'tablet-kitchen', { fullPage: false });

    // Twenty minutes later (the server's clock) the timer is red.
    await server.advanceClock(21 * 60_000);
    await page.reload();
    await expect.poll(() => page.getByTestId('kitchen-order').first().getAttribute('data-age')).toBe('late');
    expect(await page.getByTestId('ticket-timer').first().textContent()).toMatch(/^2\d:\d{2}$/);

    // Key 1 bumps the first ticket, R brings it back.
    await page.keyboard.press('1');
    await expect.poll(() => page.getByTestId('kitchen-order').count()).toBe(0);
    await page.keyboard.press('r');
    await expect.poll(() => page.getByTestId('kitchen-order').count()).toBe(1);

    // Sound: turned on here, it is still chosen after a reload (on, or a visible prompt while the browser blocks it).
    await page.getByTestId('enable-sound').click();
    await expect.poll(() => page.getByTestId('enable-sound').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('kitchenSound'))).toBe('on');
    await expect
      .poll(
        async () =>
          (await page.getByTestId('enable-sound').getAttribute('aria-pressed')) === 'true' ||
          (await page.getByTestId('sound-prompt').textContent())?.includes('タップ'),
      )
      .toBe(true);
    await context.close();
  });

  it('a visit that pays with its order still open is flagged 会計済み on the open kitchen screen without a reload; an unpaid visit’s ticket is not', async () => {
    /** A party checked in at `seat` with one open order: its visit and the order's ticket. */
    const ordered = async (seat: string) => {
      const { guest, reservationId, token } = await checkedIn(server.url, seat, 2);
      const order = { seat_id: seat, reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 1 }] };
      const placed = await guest.send('POST', '/api/orders', { json: order, headers: withToken(token) });
      expect(placed.status).toBe(200);
      return { reservationId, orderId: ((await placed.json()) as { order_id: string }).order_id };
    };
    const paying = await ordered('seat-t1');
    const staying = await ordered('seat-t4');

    const { context, page } = await ownerAt(tablet);
    await page.goto('/kitchen');
    await page.locator('[data-testid="kitchen"][data-live="up"]').waitFor();
    const paidTicket = page.locator(`[data-testid="kitchen-order"][data-order-id="${paying.orderId}"]`);
    const openTicket = page.locator(`[data-testid="kitchen-order"][data-order-id="${staying.orderId}"]`);
    await paidTicket.waitFor();
    await openTicket.waitFor();
    expect(await paidTicket.getAttribute('data-paid'), 'not paid yet').toBeNull();
    expect(await paidTicket.getByTestId('ticket-paid').count()).toBe(0);
    // A mark on this document: a reload would drop it.
    await page.evaluate(() => Object.assign(window, { kitchenNotReloaded: true }));

    // The first party pays at the register before its coffee is made.
    const paid = await admin.send('POST', '/api/orders/checkout', {
      json: { reservation_id: paying.reservationId, payment_method: 'cash', order_ids: [paying.orderId] },
    });
    expect(paid.status).toBe(200);

    // The open screen flags that ticket by itself; it stays to be served or bumped.
    await expect.poll(() => paidTicket.getAttribute('data-paid'), { timeout: 10_000 }).toBe('true');
    const flag = paidTicket.getByTestId('ticket-paid');
    expect(await flag.isVisible()).toBe(true);
    expect(await flag.textContent()).toBe('会計済み このお客様はお会計済みです。提供するか、完了にしてください。');
    expect(await page.evaluate(() => (window as { kitchenNotReloaded?: boolean }).kitchenNotReloaded), 'the screen was not reloaded').toBe(true);
    // The party still at its table is not flagged.
    expect(await openTicket.getAttribute('data-paid')).toBeNull();
    expect(await openTicket.getByTestId('ticket-paid').count()).toBe(0);
    await problems.screen(page, 'tablet-kitchen-paid', { fullPage: false });
    await context.close();
  });

  it('the stock screen marks an item sold out in one tap and back, its 保存 looks pressable, and 保存しました is not cut at 1024 px', async () => {
    const { context, page } = await ownerAt(tablet);
    await page.goto('/kitchen/stock');
    const row = page.locator('[data-testid="stock-row"][data-menu-id="menu-latte"]');
    await row.waitFor();
    expect(await row.getByRole('button', { name: '保存' }).isEnabled(), 'an unchanged row’s 保存 is not greyed out').toBe(true);
    await row.getByRole('button', { name: '売り切れにする' }).tap();
    await expect.poll(() => row.getByRole('status').textContent()).toBe('保存しました');
    expect(await row.textContent()).toContain('注文不可');
    const menu = async () =>
      ((await (await fetch(`${server.url}/api/orders/menu?store_id=${DEMO_STORE}`)).json()) as { menus: { id: string }[] }).menus.map((m) => m.id);
    await expect.poll(menu).not.toContain('menu-latte');
    // The message is whole: inside the screen and inside the table's box.
    const fits = await row.getByRole('status').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const table = el.closest('table')!.getBoundingClientRect();
      return box.right <= Math.min(window.innerWidth, table.right) + 1 && el.scrollWidth <= el.clientWidth + 1;
    });
    expect(fits).toBe(true);
    await problems.screen(page, 'tablet-stock', { fullPage: false });
    await row.getByRole('button', { name: '売り切れを解除' }).tap();
    await expect.poll(() => row.textContent()).toContain('注文可');
    await expect.poll(menu).toContain('menu-latte');
    await context.close();
  });

  it('shift submission on a phone opens on next month, lists only days ahead, and copies the previous week in one tap', async () => {
    const { context, page } = await ownerAt(phone);
    await page.goto('/staff/shift-submit');
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    // An admin may submit for anyone: the name is chosen.
    await page.getByLabel('従業員名を選択：').selectOption({ index: 1 });
    const month = await page.getByLabel('提出シフト月を選択：').inputValue();
    const today = await page.evaluate(() => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date()));
    expect(month > today.slice(0, 7), `${month} is after ${today}`).toBe(true);
    const rows = page.locator('tr[data-date]');
    await rows.first().waitFor();
    const dates = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-date')!));
    // The first Monday after the first week, and the week before it.
    const monday = dates.find((d, i) => i >= 7 && new Date(`${d}T00:00:00Z`).getUTCDay() === 1)!;
    const weekBefore = dates.filter((d) => d < monday).slice(-7);
    for (const date of weekBefore.slice(0, 2)) {
      const row = page.locator(`tr[data-date="${date}"]`);
      const offered = await row
        .locator('select')
        .nth(0)
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      await row.locator('select').nth(0).selectOption(offered[0]!);
      await row.locator('select').nth(1).selectOption(offered.at(-1)!);
    }
    const monthLabel = `${Number(monday.slice(5, 7))}/${Number(monday.slice(8, 10))}`;
    await page.getByRole('button', { name: new RegExp(`^${monthLabel}（.）からの週を前の週と同じにする$`) }).tap();
    const copied = async (date: string) => {
      const row = page.locator(`tr[data-date="${date}"]`);
      return [await row.locator('select').nth(0).inputValue(), await row.locator('select').nth(1).inputValue()];
    };
    const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    for (const date of weekBefore.slice(0, 2)) expect(await copied(addDays(date, 7)), date).toEqual(await copied(date));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await problems.screen(page, 'phone-shift-submit');
    await context.close();
  });

  it('guests are not told the wrong thing: no empty address, no phantom 備考欄, tab titles after failures, アクセス opens /access', async () => {
    const context = await offlineContext(browser, server.url, phone);
    const page = problems.watch(await context.newPage());
    await page.goto('/reservation-email-sent');
    const sent = (await page.getByTestId('email-sent').textContent())!;
    expect(sent.startsWith(' 宛に') || sent.startsWith('宛に')).toBe(false);
    expect(sent).toContain('ご入力のメールアドレス宛に');

    await page.goto('/confirm-reservation?token=not-a-real-token');
    await page.getByTestId('confirm-error').waitFor();
    await expect.poll(() => page.title()).toBe('エラー | MonCafe');

    await page.goto('/auth/callback?message=auth_failed');
    expect(await page.title()).toBe('認証に失敗しました | MonCafe');

    await page.goto('/moncafe');
    const access = page.locator('.card-list a', { hasText: 'アクセス' }).first();
    expect(await access.getAttribute('href')).toBe('/access');

    const disclaimer = await admin.page(`/admin/disclaimer?store_id=${DEMO_STORE}`);
    expect(disclaimer.html).not.toContain('備考欄');
    await context.close();
  });
});
