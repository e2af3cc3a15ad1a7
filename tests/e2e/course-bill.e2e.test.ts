import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { PLATE_TEXT, bookBirthdayForTwo, browserSuiteWithMail } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { browserAvailable, desktop, screenshotDir } from '../support/browser';
import { httpClient } from '../support/http-client';
import { serverNow, staffBrowser, startTableOrderServer } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * The booked course on the bill (decisions 630, 632) in the browser at 1024×768: a guest books the
 * バースデーケーキコース for two with a message plate; staff seat the party from the tablet; the
 * kitchen shows the course and the plate's text before any order; the monitor checkout shows the
 * course ×2 and the plate at their tax-included prices, and staff take one course off the count
 * with a reason.
 */
describe.runIf(runs)('a booked course is on the kitchen screen at seating and on the bill', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  const problems = browserSuiteWithMail((started) => ({ server, smtp, browser } = started), startTableOrderServer);
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `course-bill-${name}.png`), fullPage: true });

  it('books the birthday course for two with a plate, seats the party, shows the kitchen the plate and bills course ×2 with it', async () => {
    const { reservationId, seatId, date, time } = await bookBirthdayForTwo(httpClient(server.url), smtp, 'course.e2e@example.jp');
    await server.advanceClock(tokyoInstant(date, minutesOf(time) - 5).getTime() - (await serverNow(server)).getTime());

    const context = await staffBrowser(browser, server, desktop);
    const tablet = problems.watch(await context.newPage());
    await tablet.goto(`/monitor/order?store_id=2&seat_id=${seatId}`);
    await tablet.getByTestId('seat-party').click();
    await tablet.getByTestId('seat-party-qr').waitFor();

    const kitchen = problems.watch(await context.newPage());
    await kitchen.goto('/monitor/kitchen?store_id=2');
    const party = kitchen.locator(`[data-testid="kitchen-course"][data-reservation-id="${reservationId}"]`);
    await expect.poll(() => party.textContent()).toContain('バースデーケーキコース × 2');
    expect(await party.getByTestId('course-notes').textContent()).toContain(PLATE_TEXT);
    await shot(kitchen, '1-kitchen');

    const checkout = problems.watch(await context.newPage());
    await checkout.goto(`/monitor/checkout?store_id=2&reservation_id=${reservationId}`);
    const table = checkout.locator('.checkout-table');
    await expect.poll(() => table.textContent()).toContain('バースデーケーキコース');
    const rows = await table.locator('tbody tr').allTextContents();
    // 4,800円 a person and the plate's 200円, entered without tax, are shown and billed at 10%.
    expect(rows[0]).toMatch(/バースデーケーキコース\s*2\s*10,560円/);
    expect(rows[1]).toMatch(/メッセージプレート：つける\s*1\s*220円/);
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('10,780円');
    await shot(checkout, '2-bill');

    // One guest did not come: without a reason nothing changes; with one the count is 1.
    const line = checkout.getByTestId('course-line-course-birthday');
    await line.getByTestId('course-line-count').fill('1');
    await line.getByTestId('course-line-change').click();
    await expect.poll(() => line.getByRole('alert').textContent()).toContain('理由');
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('10,780円');
    await line.getByTestId('course-line-reason').fill('お一人様ご欠席');
    await line.getByTestId('course-line-change').click();
    await expect.poll(() => checkout.getByTestId('checkout-total').textContent()).toBe('5,500円');
    await shot(checkout, '3-one-guest');
    await context.close();
  });
});
