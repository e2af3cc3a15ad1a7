import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { discountTexts } from '../../apps/web/app/billing/texts';
import { courseLineTexts } from '../../apps/web/app/table-order/staff-texts';
import { bookBirthdayForTwo, browserSuiteWithMail } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';
import { browserAvailable, tablet } from '../support/browser';
import { httpClient } from '../support/http-client';
import { checkedIn, serverNow, staffBrowser, startTableOrderServer, withToken } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();

/**
 * The selected party's bill on the floor view (/monitor/order at 1024×768), with the monitor
 * checkout's discounts (decision 642) and course counts (decision 630): staff tap the owner's 常連
 * preset (from the keyboard) and the total drops 10%; a yen discount above what is left is refused
 * with its message and changes nothing; taking the preset back restores the total, and a guest's
 * order from the phone shows in it live. A booked course's count changes only with a reason.
 */
describe.runIf(runs)('staff adjust the selected party’s bill on the floor view', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  const problems = browserSuiteWithMail((started) => ({ server, smtp, browser } = started), startTableOrderServer);

  const floorAt = async (seatId: string) => {
    const context = await staffBrowser(browser, server, tablet);
    const page = problems.watch(await context.newPage());
    await page.goto(`/monitor/order?store_id=2&seat_id=${seatId}`);
    return { context, page };
  };

  it('gives 常連 10% from the keyboard, is refused a yen amount above the bill, and takes the discount back', async () => {
    const { guest, reservationId, token } = await checkedIn(server.url, 'seat-t1', 2);
    const placed = await guest.send('POST', '/api/orders', {
      json: { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 2 }] },
      headers: withToken(token),
    });
    expect(placed.status).toBe(200);

    const { context, page } = await floorAt('seat-t1');
    const bill = page.getByTestId('floor-bill');
    const total = bill.getByTestId('floor-bill-total');
    await expect.poll(() => total.textContent()).toBe('1,100円');

    // The preset by its accessible name, pressed with the keyboard.
    const regular = bill.getByRole('button', { name: /常連/ });
    await regular.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => total.textContent()).toBe('990円');
    expect(await bill.getByTestId('floor-bill-discount').textContent()).toMatch(/値引（常連）\s*-110円/);
    expect(await bill.getByRole('status').textContent()).toBe(discountTexts.given);
    await problems.screen(page, 'floor-bill-1-regular');

    await bill.getByLabel(discountTexts.kind).selectOption('yen');
    await bill.getByLabel(discountTexts.value, { exact: true }).fill('1000');
    await bill.getByTestId('discount-reason').fill('クーポン');
    await bill.getByRole('button', { name: discountTexts.give }).click();
    await expect.poll(() => bill.getByRole('alert').textContent()).toBe(discountTexts.aboveBill);
    expect(await total.textContent()).toBe('990円');

    await bill.getByTestId('discount-remove').click();
    await expect.poll(() => total.textContent()).toBe('1,100円');
    expect(await bill.getByTestId('floor-bill-discount').count()).toBe(0);
    expect(await bill.getByRole('status').textContent()).toBe(discountTexts.removed);
    await problems.screen(page, 'floor-bill-2-taken-back');

    // The guests order once more from their phone: the floor's bill follows without a tap.
    const more = await guest.send('POST', '/api/orders', {
      json: { reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
      headers: withToken(token),
    });
    expect(more.status).toBe(200);
    await expect.poll(() => total.textContent(), { timeout: 15_000 }).toBe('1,650円');
    await context.close();
  });

  it('changes a booked course’s count on the floor only with a reason', async () => {
    const { seatId, date, time } = await bookBirthdayForTwo(httpClient(server.url), smtp, 'floor-bill.e2e@example.jp');
    await server.advanceClock(tokyoInstant(date, minutesOf(time) - 5).getTime() - (await serverNow(server)).getTime());

    const { context, page } = await floorAt(seatId);
    await page.getByTestId('seat-party').click();
    await page.getByTestId('seat-party-qr').waitFor();
    const bill = page.getByTestId('floor-bill');
    const total = bill.getByTestId('floor-bill-total');
    // Two courses of 4,800円 and the plate's 200円, entered without tax, billed at 10%.
    await expect.poll(() => total.textContent()).toBe('10,780円');

    const line = bill.getByTestId('course-line-course-birthday');
    await line.getByLabel(courseLineTexts.count).fill('1');
    await line.getByRole('button', { name: courseLineTexts.change }).click();
    await expect.poll(() => line.getByRole('alert').textContent()).toBe(courseLineTexts.reasonRequired);
    expect(await total.textContent()).toBe('10,780円');

    await line.getByLabel(courseLineTexts.reason).fill('お一人様ご欠席');
    await line.getByRole('button', { name: courseLineTexts.change }).click();
    await expect.poll(() => total.textContent()).toBe('5,500円');
    expect(await line.getByRole('status').textContent()).toBe(courseLineTexts.changed);
    await problems.screen(page, 'floor-bill-3-one-guest');
    await context.close();
  });
});
