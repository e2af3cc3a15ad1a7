import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { BIRTHDAY, PLATE_TEXT, browserSuiteWithMail, firstBookable, showMonthOf } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { desktop, browserAvailable, offlineContext, phone, tablet } from '../support/browser';
import { httpClient } from '../support/http-client';
import { DEMO_STORE, serverNow, signedInAdmin, staffBrowser, startTableOrderServer } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();
const EMAIL = 'till.evening@example.jp';

/** A yen amount as the screens print it ("9,756円") read back as a number. */
const yenOf = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));
const yenText = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

/** The price an order-menu item shows a guest, eat-in or to take away, as the menu's PriceTag carries it. */
async function shownPrice(item: Locator, takeout: boolean): Promise<number> {
  const tag = item.locator('[data-price]');
  return Number(await tag.getAttribute(takeout ? 'data-takeout-price' : 'data-price'));
}

/**
 * The till's evening in one run, as a guest, the floor and the owner live it: the owner enters
 * prices with tax; a guest books the バースデーケーキコース for two with a message plate on a
 * phone, seeing every price with tax; staff seat the party on the 1024×768 tablet and the kitchen
 * shows the course and the plate's text at once; the guest orders a coffee to drink here and a
 * gâteau to take away, at the prices the menu showed; the bill has the course ×2 with its option,
 * the coffee at 10% and the gâteau at 8%, and adds up to what the guest was shown; staff give the
 * 常連 10% and take a 10,000円 note, and the screen and the receipt show お預かり and お釣り; the day's
 * close reconciles the booked course with what was billed.
 */
describe.runIf(runs)('an evening at the till, from the booking to the daily close', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  const problems = browserSuiteWithMail((started) => ({ server, smtp, browser } = started), startTableOrderServer);
  const screen = (page: Page, name: string) => problems.screen(page, `till-evening-${name}`);

  it('books the cake course with a plate, seats it, bills it with tax as shown, gives 常連 10%, takes 10,000円 and reconciles the close', async () => {
    // The owner enters prices with tax (総額表示): the course's 4,800円 is what a guest pays.
    const owner = await staffBrowser(browser, server, desktop);
    const settings = problems.watch(await owner.newPage());
    await settings.goto(`/admin/tax-management?store_id=${DEMO_STORE}`);
    await settings.locator('.area[data-ready="true"]').waitFor();
    // Never chosen a store in this browser or on the account: the link's store opens the screen.
    expect(new URL(settings.url()).pathname).toBe('/admin/tax-management');
    await settings.locator('input[name="prices_include_tax"]').check();
    await settings.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => settings.getByRole('status').allTextContents()).toContainEqual(expect.stringContaining('保存'));
    await expect
      .poll(
        async () =>
          (await httpClient(server.url).getJson<{ menus: { id: string; price: number }[] }>('/api/customer/menu')).body.menus.find((m) => m.id === BIRTHDAY)
            ?.price,
      )
      .toBe(4800);

    // The guest books on a phone: the course for two, a plate with a message, a later day.
    const { date, time } = await firstBookable(httpClient(server.url), 2, [BIRTHDAY]);
    const guestContext = await offlineContext(browser, server.url, phone);
    const guest = problems.watch(await guestContext.newPage());
    await guest.goto('/reservation');
    const course = guest.locator('[data-testid="course"]', { hasText: 'バースデーケーキコース' });
    expect(await course.textContent()).toContain('4,800円');
    await course.getByRole('button', { name: 'カートに追加' }).click();
    const cart = guest.getByTestId('cart');
    await cart.getByRole('button', { name: 'バースデーケーキコースを1つ増やす' }).click();
    await expect.poll(() => cart.textContent()).toContain('バースデーケーキコース x 2 = 9,600円');
    await screen(guest, '1-phone-cart');
    await guest.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await guest.waitForURL('**/reservation/day');
    await guest.getByTestId('people').selectOption('2');
    await showMonthOf(guest, date);
    await guest.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await guest.getByTestId('times').getByRole('button', { name: time, exact: true }).click();
    await guest.getByRole('button', { name: '次へ（詳細入力へ）' }).click();
    await guest.waitForURL('**/reservation-details');
    await guest.getByLabel('紙箱').check();
    await guest.locator(`#opt-${BIRTHDAY}-5`).selectOption('white');
    await guest.getByLabel('つける（+200円）').check();
    await guest.locator(`#opt-${BIRTHDAY}-7`).selectOption('white');
    await guest.locator(`#opt-${BIRTHDAY}-8`).fill(PLATE_TEXT);
    await guest.locator(`#opt-${BIRTHDAY}-9`).selectOption('tea');
    await guest.getByRole('button', { name: 'お客様情報の入力へ' }).click();
    await guest.waitForURL('**/customer-information');
    await guest.getByLabel('お名前').fill('山田花子');
    await guest.getByTestId('phone-1').fill('090');
    await guest.getByTestId('phone-2').fill('1234');
    await guest.getByTestId('phone-3').fill('5678');
    await guest.getByLabel('メールアドレス').fill(EMAIL);
    await guest.getByRole('button', { name: '入力内容を確認する' }).click();
    await guest.waitForURL('**/customer-information?step=review');
    // The course ×2 and the plate, with tax.
    const bookedTotal = 2 * 4800 + 200;
    expect(await guest.getByTestId('review').getByTestId('review-total').textContent()).toBe(yenText(bookedTotal));
    await screen(guest, '2-phone-review');
    await guest.getByRole('button', { name: '確認メールを送信' }).click();
    await guest.waitForURL('**/reservation-email-sent?email=*');
    const request = await smtp.next(EMAIL);
    await guest.goto(/https?:\/\/\S+?(\/confirm-reservation\?token=\S+)/.exec(request.text)![1]!);
    await guest.getByTestId('confirm-success').waitFor();
    const confirmed = await smtp.next(EMAIL);
    const reservationId = /reservation_id=([0-9a-f-]{36})/.exec(confirmed.text)![1]!;
    const number = /予約番号：(MC-\d{4}-[0-9A-Z]{2})/.exec(confirmed.text)![1]!;
    const staff = await signedInAdmin(server.url);
    const booked = await staff.getJson<{ reservation: { seat_ids: string[] } }>(`/api/admin/reservations/${reservationId}`);
    const seatId = booked.body.reservation.seat_ids[0]!;

    // Five minutes before the booking the party is at the door: staff seat it on the tablet.
    await server.advanceClock(tokyoInstant(date, minutesOf(time) - 5).getTime() - (await serverNow(server)).getTime());
    const floor = await staffBrowser(browser, server, tablet);
    const seating = problems.watch(await floor.newPage());
    await seating.goto(`/monitor/order?store_id=${DEMO_STORE}&seat_id=${seatId}`);
    await seating.getByTestId('seat-party').click();
    const pass = seating.getByTestId('seat-party-qr');
    await pass.waitFor();
    const passUrl = (await pass.getByTestId('pass-url').getAttribute('href'))!;

    // The kitchen has the course and the plate's text before anything is ordered.
    const kitchen = problems.watch(await floor.newPage());
    await kitchen.goto(`/monitor/kitchen?store_id=${DEMO_STORE}`);
    const party = kitchen.locator(`[data-testid="kitchen-course"][data-reservation-id="${reservationId}"]`);
    await expect.poll(() => party.textContent()).toContain('バースデーケーキコース × 2');
    expect(await party.getByTestId('course-notes').textContent()).toContain(PLATE_TEXT);
    await screen(kitchen, '3-kitchen-course');

    // The guest opens the tablet's QR and orders a coffee here and a gâteau to take away.
    await guest.goto(passUrl);
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    const coffee = guest.locator('[data-testid="order-item"][data-menu-id="menu-blend"]');
    const gateau = guest.locator('[data-testid="order-item"][data-menu-id="menu-gateau"]');
    const coffeePrice = await shownPrice(coffee, false);
    const gateauTakeout = await shownPrice(gateau, true);
    // Both printed as entered, tax included: a price entered with tax is what the guest pays eaten
    // in or taken away, the reduced rate's tax inside it (decision 518).
    expect(await coffee.locator('.price').textContent()).toBe(yenText(coffeePrice));
    expect(await gateau.locator('.price').textContent()).toBe(yenText(gateauTakeout));
    await screen(guest, '4-phone-menu');
    await guest.getByRole('button', { name: 'ブレンドコーヒー カートに追加' }).click();
    await guest.getByRole('button', { name: 'ガトーショコラケーキ カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**');
    await guest.getByTestId('takeout-menu-gateau').check();
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-confirmed').waitFor();
    // The kitchen is told the gâteau is to take away.
    await expect.poll(() => kitchen.getByTestId('ticket-takeout').count()).toBe(1);
    expect(await kitchen.locator('li[data-takeout="true"]').textContent()).toContain('ガトーショコラケーキ');

    // The bill at the monitor checkout: the course ×2 and the plate, the coffee at 10%, the gâteau at 8%.
    const checkout = problems.watch(await floor.newPage());
    await checkout.goto(`/monitor/checkout?store_id=${DEMO_STORE}&reservation_id=${reservationId}`);
    const total = checkout.getByTestId('checkout-total');
    await expect.poll(() => checkout.locator('.checkout-table').textContent()).toContain('ガトーショコラケーキ');
    const rows = await checkout.locator('.checkout-table tbody tr').allTextContents();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/バースデーケーキコース\s*2\s*9,600円/);
    expect(rows[1]).toMatch(/メッセージプレート：つける\s*1\s*200円/);
    expect(rows.find((r) => r.includes('ブレンドコーヒー'))).toMatch(new RegExp(`ブレンドコーヒー\\s*1\\s*${yenText(coffeePrice)}`));
    expect(rows.find((r) => r.includes('ガトーショコラケーキ'))).toMatch(new RegExp(`ガトーショコラケーキ（持ち帰り）\\s*1\\s*${yenText(gateauTakeout)}`));
    const shownSum = bookedTotal + coffeePrice + gateauTakeout;
    expect(yenOf(await total.textContent())).toBe(shownSum);
    // Each rate on its own line: the course, plate and coffee at 10%, the gâteau alone at 8%.
    expect(yenOf((await checkout.getByTestId('checkout-rate-8').locator('td').textContent())!.split('（')[0]!)).toBe(gateauTakeout);
    expect(yenOf((await checkout.getByTestId('checkout-rate-10').locator('td').textContent())!.split('（')[0]!)).toBe(bookedTotal + coffeePrice);
    await screen(checkout, '5-bill');

    // 常連 10%, then a 10,000円 note for cash: the change shows large before completing.
    await checkout.getByTestId('discounts').getByTestId('discount-preset').filter({ hasText: '常連' }).click();
    const discount = Math.floor(shownSum / 10);
    const due = shownSum - discount;
    await expect.poll(async () => yenOf(await total.textContent())).toBe(due);
    expect(await checkout.getByTestId('checkout-discount').textContent()).toMatch(new RegExp(`値引（常連）\\s*-${yenText(discount)}`));
    await checkout.getByLabel('現金').check();
    await checkout.getByTestId('tendered-10000').click();
    expect(await checkout.getByTestId('change-due').textContent()).toBe(`お釣り ${yenText(10_000 - due)}`);
    await screen(checkout, '6-tendered');
    // The register asks once more, naming the amount, before it takes the payment.
    const asked = new Promise<string>((resolve) =>
      checkout.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await checkout.getByTestId('complete-checkout').click();
    expect(await asked).toContain(yenText(due));
    await checkout.getByTestId('checkout-done').waitFor();
    expect(await checkout.getByTestId('given-tendered').textContent()).toBe('10,000円');
    expect(await checkout.getByTestId('given-change').textContent()).toBe(yenText(10_000 - due));
    await screen(checkout, '7-change-given');

    // The receipt prints the lines, the discount, お預かり and お釣り.
    const receiptUrl = (await checkout.getByTestId('receipt-link').getAttribute('href'))!;
    const receipt = problems.watch(await floor.newPage());
    await receipt.goto(receiptUrl);
    await receipt.getByTestId('receipt').waitFor();
    const lines = await receipt.getByTestId('receipt-line').allTextContents();
    expect(lines.some((l) => l.includes('バースデーケーキコース') && l.includes('9,600円'))).toBe(true);
    expect(lines.some((l) => l.includes('ガトーショコラケーキ') && l.includes('持ち帰り'))).toBe(true);
    expect(await receipt.getByTestId('receipt-discount').textContent()).toContain(`値引（常連）`);
    expect(yenOf(await receipt.getByTestId('receipt-total').textContent())).toBe(due);
    expect(await receipt.getByTestId('receipt-tendered').textContent()).toBe('10,000円');
    expect(await receipt.getByTestId('receipt-change').textContent()).toBe(yenText(10_000 - due));
    await screen(receipt, '8-receipt');

    // The day's close reconciles the booked course with what was billed, and counts the cash.
    const close = problems.watch(await owner.newPage());
    await close.goto(`/admin/daily-close?store_id=${DEMO_STORE}&date=${date}`);
    const reconciled = close.getByTestId('close-courses').locator('tbody tr').filter({ hasText: number });
    await expect.poll(() => reconciled.count()).toBe(1);
    const cells = await reconciled.locator('td').allTextContents();
    expect(cells.slice(2)).toEqual([yenText(bookedTotal), yenText(bookedTotal), '一致']);
    const cash = close.getByTestId('close-cash');
    expect(await cash.locator('[data-figure="cash.tendered"]').textContent()).toBe(yenText(10_000));
    expect(await cash.locator('[data-figure="cash.change"]').textContent()).toBe(yenText(10_000 - due));
    await screen(close, '9-daily-close');

    await Promise.all([owner.close(), guestContext.close(), floor.close()]);
  }, 360_000);
});
