import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { bookConfirmedParty, browserSuiteWithMail } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { browserAvailable, desktop, phone, offlineContext, screenshotDir } from '../support/browser';
import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, guestPhone, seatCodeOf, serverNow, signedInAdmin, staffBrowser, startTableOrderServer } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * Staff seating (decision 151) and invites (decision 152): staff seat a booked party on the floor
 * screen; the one-time QR the tablet shows is opened by a phone with no location at all, which
 * orders; a friend's phone joins through the first phone's invite and orders too. A used pass
 * opens nothing again.
 */
describe.runIf(runs)('staff seat a booked party, and a friend joins by invite', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  const problems = browserSuiteWithMail((started) => ({ server, smtp, browser } = started), startTableOrderServer);
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `table-order-staff-seating-${name}.png`), fullPage: true });

  async function orderOne(guest: Page, item: string) {
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: `${item} カートに追加` }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-confirmed').waitFor();
  }

  it('shows a one-time QR on the tablet that a phone opens and orders with; its invite lets a second phone in', async () => {
    const { reservationId, seatId, date, time } = await bookConfirmedParty(httpClient(server.url), smtp, 'staff.seating@example.jp');
    // Five minutes before the booking: the party is at the door.
    await server.advanceClock(tokyoInstant(date, minutesOf(time) - 5).getTime() - (await serverNow(server)).getTime());

    const tabletContext = await staffBrowser(browser, server, desktop);
    const tablet = problems.watch(await tabletContext.newPage());
    await tablet.goto(`/monitor/order?store_id=2&seat_id=${seatId}`);
    await tablet.getByTestId('seat-party').click();
    const panel = tablet.getByTestId('seat-party-qr');
    await panel.waitFor();
    expect(await panel.locator('svg').count()).toBe(1);
    const passUrl = (await panel.getByTestId('pass-url').getAttribute('href'))!;
    expect(passUrl).toContain('/order/join?pass=');
    await shot(tablet, '1-tablet-qr');

    // The guest's phone grants no location at all: the pass needs none.
    const firstContext = await offlineContext(browser, server.url, phone);
    const first = problems.watch(await firstContext.newPage());
    await first.goto(passUrl);
    await first.waitForURL('**/order/food?**');
    await orderOne(first, 'カフェラテ');
    await shot(first, '2-first-phone-ordered');

    // The pass is used: a second scan of the tablet's QR opens nothing.
    const replayContext = await offlineContext(browser, server.url, phone);
    const replay = problems.watch(await replayContext.newPage());
    await replay.goto(passUrl);
    await expect
      .poll(() => replay.getByTestId('order-join-message').textContent())
      .toBe('このQRコードは使用済みか有効期限切れです。スタッフへお声かけください。');

    // The first phone invites a friend.
    await first.getByRole('link', { name: '続けて注文する' }).click();
    await first.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await first.getByTestId('invite-friend').click();
    const invite = first.getByTestId('invite');
    await invite.waitFor();
    const inviteUrl = (await invite.getByTestId('pass-url').getAttribute('href'))!;
    await shot(first, '3-invite');

    const friendContext = await offlineContext(browser, server.url, phone);
    const friend = problems.watch(await friendContext.newPage());
    await friend.goto(inviteUrl);
    await friend.waitForURL('**/order/food?**');
    await orderOne(friend, '抹茶ラテ');

    const admin = await signedInAdmin(server.url);
    const orders = await admin.getJson<{ orders: { items: { menu_name: string }[] }[] }>(`/api/orders/by-reservation/${reservationId}`);
    expect(orders.body.orders.flatMap((o) => o.items.map((i) => i.menu_name)).sort()).toEqual(['カフェラテ', '抹茶ラテ'].sort());
    await Promise.all([tabletContext.close(), firstContext.close(), replayContext.close(), friendContext.close()]);
  });

  it('asks a phone at a booked seat for the reservation number, and the number from the mail lets it in', async () => {
    const { reservationId, number, seatId, date, time } = await bookConfirmedParty(httpClient(server.url), smtp, 'number.join@example.jp');
    const wait = tokyoInstant(date, minutesOf(time) - 5).getTime() - (await serverNow(server)).getTime();
    if (wait > 0) await server.advanceClock(wait);
    const context = await guestPhone(browser, server.url, AT_DEMO_STORE);
    const guest = problems.watch(await context.newPage());
    await guest.goto(`/order/top?seat_id=${seatId}&code=${await seatCodeOf(server.url, seatId)}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await expect
      .poll(() => guest.getByTestId('order-top-message').textContent())
      .toBe('このお席はご予約済みです。予約番号を入力するか、スタッフへお声かけください。');
    await shot(guest, '4-number-asked');
    await guest.getByTestId('reservation-number').fill(number.toLowerCase());
    await guest.getByRole('button', { name: '予約番号でチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    const visit = JSON.parse((await guest.evaluate(() => window.localStorage.getItem('moncafe.visit')))!) as { reservationId: string };
    expect(visit.reservationId).toBe(reservationId);
    await context.close();
  });
});
