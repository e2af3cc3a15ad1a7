import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { browserAvailable, desktop, phone } from '../support/browser';
import { DEMO_STORE, moveToOpenHours, serverNow, signedInAdmin, staffBrowser, waitForOrderMenu } from '../support/table-order';
import type { HttpClient } from '../support/http-client';
import type { TestWebServer } from '../support/web-server';
import { confirmedBooking, browserSuiteWithMail } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';

const runs = browserAvailable();

/**
 * The table limits on the screens (decisions 155, 156): a manager records a booked party that never came
 * as a no-show from the schedule's detail (its block leaves the grid, the list says 無断キャンセル),
 * and an admin takes it back with a reason; the admin sets the store's order limits on a phone.
 */
describe.runIf(runs)('no-shows and order limits on the screens', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  let admin: HttpClient;
  const problems = browserSuiteWithMail((started) => ({ server, smtp, browser } = started));

  /** A signed-in admin's screen with the demo store chosen (the admin and monitor areas ask for one). */
  async function staffPage(screen: typeof desktop | typeof phone) {
    const context = await staffBrowser(browser, server, screen);
    await context.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), DEMO_STORE);
    return problems.watch(await context.newPage());
  }

  beforeAll(async () => {
    await waitForOrderMenu(server.url);
    await moveToOpenHours(server);
    admin = await signedInAdmin(server.url);
  }, 240_000);

  it('marks a booked party that never came as a no-show from the schedule’s detail, and an admin takes it back with a reason', async () => {
    const { reservationId, date, time } = await confirmedBooking(server.url, smtp, 'noshow.e2e@example.jp');
    const now = await serverNow(server);
    await server.advanceClock(tokyoInstant(date, minutesOf(time) + 20).getTime() - now.getTime());

    const page = await staffPage(desktop);
    await page.goto(`/monitor/reservation?date=${date}`);
    await page.locator('[data-testid="schedule"][data-ready="true"]').waitFor();
    const block = page.locator(`[data-testid="schedule-block"][data-reservation-id="${reservationId}"]`);
    await block.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('schedule-detail');
    await dialog.waitFor();
    // Nobody sat down: no checkout from here, a no-show instead.
    expect(await dialog.getByRole('link', { name: '会計へ' }).count()).toBe(0);
    // The question is the product's own dialog: the safe answer holds the focus, Escape takes it
    // back to the button that asked, and the detail stays open.
    const noShow = dialog.getByTestId('detail-no-show');
    await noShow.click();
    const ask = page.getByRole('dialog', { name: '無断キャンセルの確認' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('様の予約を無断キャンセル（来店なし）にしますか？');
    await expect.poll(() => ask.getByRole('button', { name: 'キャンセル', exact: true }).evaluate((b) => b === document.activeElement)).toBe(true);
    await problems.screen(page, 'no-show-0-asked');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => noShow.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    await noShow.click();
    await ask.getByRole('button', { name: '無断キャンセルにする' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByTestId('detail-notice').textContent()).toBe('無断キャンセルにしました');
    await expect.poll(() => dialog.getByTestId('detail-status').textContent()).toContain('無断キャンセル');
    await expect.poll(() => dialog.locator('[data-testid="detail-history"] li[data-kind="no_show"]').count()).toBe(1);
    await problems.screen(page, 'no-show-1-marked');

    const revert = dialog.getByTestId('detail-revert-no-show');
    await revert.getByLabel('取り消す理由').fill('電話で来店予定と確認済み');
    await revert.getByRole('button', { name: '無断キャンセルを取り消す' }).click();
    await expect.poll(() => dialog.getByTestId('detail-status').textContent()).toContain('WEB予約');
    expect(await dialog.locator('[data-testid="detail-history"] li[data-kind="no_show_reverted"]').textContent()).toContain('電話で来店予定と確認済み');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('lets the admin set the store’s order limits on a phone, starting from the defaults', async () => {
    const page = await staffPage(phone);
    await page.goto(`/admin/order-limits?store_id=${DEMO_STORE}`);
    const form = page.getByTestId('order-limits');
    await form.waitFor();
    const perPhone = form.getByLabel('1分間に1台の端末から送れる注文数');
    expect(await perPhone.inputValue()).toBe('6');
    expect(await form.getByLabel('この金額（税抜・円）を超える注文はスタッフが入力').inputValue()).toBe('30000');
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await perPhone.fill('4');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe('保存しました');
    await problems.screen(page, 'order-limits-1-saved-phone');
    const saved = await admin.page(`/admin/order-limits?store_id=${DEMO_STORE}`);
    expect(saved.html).toMatch(/name="per_token_per_minute"[^>]*value="4"/);
    await page.close();
  });
});
