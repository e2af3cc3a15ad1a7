import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addMonths, formatYearMonth, tokyoDateOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, screenshotDir, browserSuite } from '../support/browser';
import { signUp } from '../support/accounts';

const runs = browserAvailable();
const STORE = '2';
const STAFF = { name: '山本 彩', email: 'aya@moncafe.test', password: 'aya-password-123' };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The server's Tokyo date, as its clock (moved by the tests) sees it. */
async function serverToday(server: TestWebServer): Promise<string> {
  const response = await fetch(`${server.url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":0}' });
  return tokyoDateOf(new Date(((await response.json()) as { now: string }).now));
}

describe.runIf(runs)('the staff area in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  let admin: HttpClient;
  let staffId: string;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  /** Signs the browser context in (one session cookie for its pages) with the store chosen for staff and admin screens. */
  async function signedIn(email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await offlineContext(browser, server.url, desktop);
    await context.addInitScript((store) => {
      window.localStorage.setItem('staffStoreId', store);
      window.localStorage.setItem('adminStoreId', store);
    }, STORE);
    expect((await context.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
    return { context, page: problems.watch(await context.newPage()) };
  }
  async function adminSignIn() {
    admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `staff-${name}.png`), fullPage: true });

  beforeAll(async () => {
    await adminSignIn();
    const staff = httpClient(server.url);
    staffId = (await signUp(staff, STAFF)).id;
    expect((await admin.postJson(`/api/admin/users/${staffId}/roles`, { role: 'staff', grant: true })).status).toBe(200);
    expect((await admin.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: 1200 } })).status).toBe(200);
  });

  it('checklist ticks show who and when; the next business day starts unticked and yesterday stays in history', async () => {
    const { context, page } = await signedIn(STAFF.email, STAFF.password);
    await page.goto('/staff/opening-prep');
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    const firstTask = page.getByTestId('checklist').locator('tbody tr').first();
    const yesterday = (await page.getByTestId('business-day').textContent())!.replace('営業日：', '');
    await firstTask.getByRole('checkbox').click();
    await firstTask.getByTestId('tick-record').filter({ hasText: STAFF.name }).waitFor();
    expect(await firstTask.getByTestId('tick-record').textContent()).toMatch(/^山本 彩（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}）$/);
    await shot(page, 'opening-prep');

    await server.advanceClock(DAY_MS);
    await page.reload();
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    expect(await page.getByTestId('business-day').textContent()).not.toContain(yesterday);
    expect(
      await page
        .getByTestId('checklist')
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked)),
    ).not.toContain(true);
    await page.getByLabel('履歴を見る日：').fill(yesterday);
    await page.getByTestId('checklist-history').locator('tr').first().filter({ hasText: '✓ 完了' }).filter({ hasText: STAFF.name }).waitFor();
    await context.close();
  });

  it('a submission the server refuses keeps every typed row on screen and says it failed; sent again, it goes through', async () => {
    const { context, page } = await signedIn(STAFF.email, STAFF.password);
    const month = formatYearMonth(addMonths(yearMonthOf(await serverToday(server)), 1));
    await page.goto('/staff/shift-submit');
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    // She submits as herself only (decision 189): no name to choose.
    expect(await page.getByTestId('submitting-as').textContent()).toBe(`提出する人：${STAFF.name}`);
    expect(await page.getByLabel('従業員名を選択：').count()).toBe(0);
    await page.getByLabel('提出シフト月を選択：').selectOption(month);
    const typed = { [`${month}-20`]: ['11:00', '17:00'], [`${month}-21`]: ['12:00', '18:00'] };
    for (const [date, [start, end]] of Object.entries(typed)) {
      const row = page.locator(`tr[data-date="${date}"]`);
      await row.locator('select').nth(0).selectOption(start!);
      await row.locator('select').nth(1).selectOption(end!);
    }
    // The admin takes her off the store's staff while the form is open: the server refuses, honestly.
    expect((await admin.send('DELETE', `/api/users/${staffId}`, { json: { store_id: STORE, remove: true } })).status).toBe(200);
    await page.getByRole('button', { name: 'シフトを提出する' }).click();
    await page.getByRole('alert').filter({ hasText: 'シフトを提出できませんでした（この店舗のスタッフではありません）' }).waitFor();
    await shot(page, 'shift-submit-failed');
    for (const [date, [start, end]] of Object.entries(typed)) {
      const row = page.locator(`tr[data-date="${date}"]`);
      expect([await row.locator('select').nth(0).inputValue(), await row.locator('select').nth(1).inputValue()]).toEqual([start, end]);
    }
    expect(await page.getByLabel('提出シフト月を選択：').inputValue()).toBe(month);

    expect((await admin.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: 1200 } })).status).toBe(200);
    await page.getByRole('button', { name: 'シフトを提出する' }).click();
    await page.getByRole('status').filter({ hasText: 'シフトを提出しました' }).waitFor();
    await context.close();
  });

  it('a staff member submits a month, the admin imports it, she corrects a shift with a reason, and the month before last is refused', async () => {
    const month = formatYearMonth(addMonths(yearMonthOf(await serverToday(server)), 1));
    const days = ['03', '04', '05', '06', '07', '10', '11', '12', '13', '14', '17', '18'];
    const staffSide = await signedIn(STAFF.email, STAFF.password);
    const page = staffSide.page;
    await page.goto('/staff/shift-submit');
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    await page.getByRole('button', { name: '説明を表示' }).click();
    await page.getByRole('button', { name: '説明を隠す' }).waitFor();
    // It opens on the first month still wholly ahead (decision 189).
    expect(await page.getByLabel('提出シフト月を選択：').inputValue()).toBe(month);
    await page.getByRole('heading', { name: 'シフト表' }).waitFor();
    for (const day of days) {
      const row = page.locator(`tr[data-date="${month}-${day}"]`);
      await row.locator('select').nth(0).selectOption('10:00');
      await row.locator('select').nth(1).selectOption('15:00');
    }
    await shot(page, 'shift-submit');
    await page.getByRole('button', { name: 'シフトを提出する' }).click();
    await page.getByRole('status').filter({ hasText: 'シフトを提出しました' }).waitFor();

    // The admin imports her wishes into the month's schedule.
    const adminSide = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await adminSide.page.goto('/admin/shifts');
    await adminSide.page.locator('.sa-page[data-ready="true"]').waitFor();
    await adminSide.page.getByLabel('月：').selectOption(month);
    await adminSide.page.getByRole('button', { name: `${STAFF.name} さんの分をインポート` }).click();
    await adminSide.page.getByRole('status').filter({ hasText: 'シフトをインポートしました' }).waitFor();
    await adminSide.page.locator(`[data-cell="${staffId}|${month}-03|start_time"]`).filter({ hasText: '10:00' }).waitFor();
    await shot(adminSide.page, 'admin-shifts');

    // She corrects one shift's end, giving a reason; the history shows it from the event.
    await page.goto('/staff/view-shift');
    await page.locator('.sa-page[data-ready="true"]').waitFor();
    await page.getByLabel('表示する月：').selectOption(month);
    const cell = page.locator(`[data-cell="${staffId}|${month}-04|end_time"]`);
    await cell.filter({ hasText: '15:00' }).waitFor();
    // Her own column comes first, before colleagues sorted by name (decision 189).
    expect(await page.getByTestId('shift-grid').locator('thead tr').first().locator('th').nth(1).textContent()).toBe(STAFF.name);
    await cell.click();
    await cell.locator('select').selectOption('16:30');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('修正理由').fill('団体予約のため延長');
    await dialog.getByRole('button', { name: '修正する' }).click();
    await page.getByRole('status').filter({ hasText: '修正しました' }).waitFor();
    await cell.filter({ hasText: '16:30' }).waitFor();
    const entry = page.getByTestId('shift-history').locator('tbody tr').first();
    await entry.waitFor();
    const cells = await entry.locator('td').allTextContents();
    expect(cells).toEqual([
      expect.stringMatching(/^\d+\/4（.）$/),
      STAFF.name,
      '終了',
      '15:00',
      '16:30',
      '団体予約のため延長',
      expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/),
      STAFF.name,
    ]);
    await shot(page, 'view-shift');

    // Months pass while the page stays open: that month is now the month before last.
    const target = formatYearMonth(addMonths(yearMonthOf(`${month}-01`), 2));
    await server.advanceClock(Date.parse(`${target}-02T12:00:00+09:00`) - Date.parse(`${await serverToday(server)}T12:00:00+09:00`));
    expect(await serverToday(server)).toBe(`${target}-02`);
    // Her session ran out meanwhile; she signs in again in another tab of the same browser.
    expect((await staffSide.context.request.post('/api/auth/login', { data: { email: STAFF.email, password: STAFF.password } })).status()).toBe(200);
    const startCell = page.locator(`[data-cell="${staffId}|${month}-05|start_time"]`);
    await startCell.click();
    await startCell.locator('select').selectOption('11:00');
    await dialog.getByLabel('修正理由').fill('遅れて出勤');
    await dialog.getByRole('button', { name: '修正する' }).click();
    await page.getByRole('alert').filter({ hasText: '保存エラー: 2ヶ月前のシフトは修正できません。修正できるのは前月分までです。' }).waitFor();
    await startCell.filter({ hasText: '10:00' }).waitFor();
    await shot(page, 'view-shift-too-old');
    await staffSide.context.close();
    await adminSide.context.close();
  });
});
