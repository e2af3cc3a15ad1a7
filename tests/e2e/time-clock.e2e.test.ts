import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, browserSuite, desktop, offlineContext, phone } from '../support/browser';
import { signUp } from '../support/accounts';
import { AT_DEMO_STORE, serverNow } from '../support/table-order';

const runs = browserAvailable();
const STORE = '2';
const STAFF = { name: '打刻 太郎', email: 'taro-clock@moncafe.test', password: 'taro-clock-password-123' };
const HOUR_MS = 60 * 60 * 1000;

/**
 * The time clock in the browser (decisions 565–568): a staff member clocks in and out on the
 * phone at the store; the owner sees the day beside the plan on /admin/attendance, corrects 出勤
 * with a reason (without one the correction is refused) and finds it in the history with before,
 * after and reason.
 */
describe.runIf(runs)('the time clock in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  let admin: HttpClient;
  let staffId: string;
  let today: string;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  /** A browser signed in as `who`, the demo store chosen for the staff and admin screens. */
  async function signedIn(who: { email: string; password: string }, screen: BrowserContextOptions) {
    const context = await offlineContext(browser, server.url, screen);
    await context.addInitScript((store) => {
      window.localStorage.setItem('staffStoreId', store);
      window.localStorage.setItem('adminStoreId', store);
    }, STORE);
    expect((await context.request.post('/api/auth/login', { data: who })).status()).toBe(200);
    return { context, page: problems.watch(await context.newPage()) };
  }

  beforeAll(async () => {
    admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    staffId = (await signUp(httpClient(server.url), STAFF)).id;
    expect((await admin.postJson(`/api/admin/users/${staffId}/roles`, { role: 'staff', grant: true })).status).toBe(200);
    expect((await admin.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: 1200 } })).status).toBe(200);
    // The server starts at 12:00 Tokyo on an open day (decision 585): today's plan is 12:00–18:00.
    today = tokyoDateOf(await serverNow(server));
    const plan = await admin.post('/api/admin/shifts', { store_id: STORE, user_id: staffId, shift_date: today, start_time: '12:00', end_time: '18:00' });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  });

  it('a staff member clocks in and out on the phone; the owner sees it beside the plan and corrects 出勤 only with a reason', async () => {
    const staff = await signedIn(STAFF, {
      ...phone,
      geolocation: { latitude: AT_DEMO_STORE.lat, longitude: AT_DEMO_STORE.lng, accuracy: AT_DEMO_STORE.accuracy },
      permissions: ['geolocation'],
    });
    const clockIn = staff.page.getByRole('button', { name: '出勤' });
    const clockOut = staff.page.getByRole('button', { name: '退勤' });
    await staff.page.goto('/staff');
    await staff.page.locator('.at-clock[data-ready="true"]').waitFor();
    expect(await staff.page.getByTestId('clock-state').textContent()).toBe('勤務していません');
    expect(await clockOut.isDisabled()).toBe(true);
    await clockIn.click();
    await staff.page.getByText(/^出勤を記録しました（\d{2}:\d{2}）$/).waitFor();
    await staff.page
      .getByTestId('clock-state')
      .filter({ hasText: /^勤務中（\d{2}:\d{2}から）$/ })
      .waitFor();
    expect(await clockIn.isDisabled()).toBe(true);
    await problems.screen(staff.page, 'time-clock-phone-working');

    // Four hours later she clocks out.
    await server.advanceClock(4 * HOUR_MS);
    await clockOut.click();
    await staff.page.getByText(/^退勤を記録しました（\d{2}:\d{2}）$/).waitFor();
    await staff.page.getByTestId('clock-state').filter({ hasText: '勤務していません' }).waitFor();
    await staff.context.close();

    const [record] = (
      (
        await admin.getJson<{ staff: { user_id: string; days: { record_id: string | null; actual: { in: string; out: string | null } | null }[] }[] }>(
          `/api/admin/attendance?store_id=${STORE}&month=${today.slice(0, 7)}`,
        )
      ).body.staff.find((p) => p.user_id === staffId)?.days ?? []
    ).filter((d) => d.record_id);
    expect(record?.actual?.out, 'the day has its in and out').toBeTruthy();
    const { in: pressedIn, out: pressedOut } = record!.actual!;

    const owner = await signedIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, desktop);
    await owner.page.goto('/admin/attendance');
    await owner.page.locator('.sa-page[data-ready="true"]').waitFor();
    const row = owner.page.getByTestId(`attendance-day-${record!.record_id}`);
    // The plan beside what was worked.
    expect(await row.locator('td').nth(0).textContent()).toBe('12:00〜18:00');
    expect(await row.locator('td').nth(1).textContent()).toBe(`${pressedIn}〜${pressedOut}`);
    await problems.screen(owner.page, 'time-clock-owner-month');

    await row.getByRole('button', { name: /修正$/ }).click();
    const form = owner.page.locator('form.sa-editor');
    await form.getByLabel('出勤').fill('11:45');
    // No reason: refused, and nothing changes.
    await form.getByRole('button', { name: '修正を保存する' }).click();
    await form.getByRole('alert').filter({ hasText: '修正理由を入力してください。' }).waitFor();
    expect(await owner.page.getByTestId('attendance-history').count()).toBe(0);
    expect(await row.locator('td').nth(1).textContent()).toBe(`${pressedIn}〜${pressedOut}`);

    await form.getByLabel('修正理由（必須）').fill('打刻前から準備していたため');
    await form.getByRole('button', { name: '修正を保存する' }).click();
    await owner.page.getByText('勤務記録を修正しました').waitFor();
    await row
      .locator('td')
      .nth(1)
      .filter({ hasText: `11:45〜${pressedOut}` })
      .waitFor();
    const correction = owner.page.getByTestId('attendance-history').locator('tbody tr');
    // The history is a read of its own, revalidated after the save: it may show a moment after the day's row.
    await expect.poll(() => correction.count()).toBe(1);
    const cells = await correction.locator('td').allTextContents();
    const [month, day] = today.slice(5).split('-');
    // 修正日時, スタッフ, 対象日, 修正前, 修正後, 理由, 修正者.
    expect(cells.slice(1)).toEqual([
      STAFF.name,
      expect.stringContaining(`${Number(month)}/${Number(day)}`) as unknown,
      `${month}/${day} ${pressedIn}〜${month}/${day} ${pressedOut} 休憩0分`,
      `${month}/${day} 11:45〜${month}/${day} ${pressedOut} 休憩0分`,
      '打刻前から準備していたため',
      expect.any(String) as unknown,
    ]);
    await problems.screen(owner.page, 'time-clock-owner-corrected');
    await owner.context.close();
  });
});
