import { httpClient } from '../support/http-client';
import { AT_DEMO_STORE, moveToOpenHours, seatCodeOf, waitForOrderMenu } from '../support/table-order';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, phone, browserSuite } from '../support/browser';

/**
 * The admin's history and database screens (decisions 140-142): a change made on an
 * admin screen is found in /admin/history by event type and by actor, shows who, when and the
 * data, and its correlation id leads to every event of the same request; /admin/database shows
 * each read model's status and rebuilds one, with its progress, to completion.
 */
const runs = browserAvailable();
const STORE = '2';

describe.runIf(runs)('admin history and database screens', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  async function adminPage(): Promise<Page> {
    const page = problems.watch(await context.newPage());
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }

  beforeAll(async () => {
    context = await offlineContext(browser, server.url, desktop);
    await context.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
  });

  it('finds an admin change by event type and by actor, shows who, when and the data, and follows its correlation id', async () => {
    const page = await adminPage();
    // The change: the store's tax rate, on the existing tax screen.
    await page.goto(`/admin/tax-management?store_id=${STORE}`);
    await page.getByLabel('税率（%）', { exact: true }).fill('8');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('status').filter({ hasText: '保存しました' }).waitFor();

    await page.goto('/admin/history');
    await page.getByRole('heading', { name: '変更履歴' }).waitFor();
    await page.getByLabel('変更の内容').selectOption('RecordSaved');
    await page.getByLabel('実行者').selectOption({ label: `管理者 <${ADMIN_EMAIL}>` });
    await page.getByRole('button', { name: '絞り込む' }).click();
    await page.waitForURL(/type=RecordSaved/);
    expect(page.url()).toMatch(/actor=/);
    const entries = page.getByTestId('history-entry');
    // Only the admin's RecordSaved events are listed; the tax change is the newest.
    expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')))).toEqual(expect.arrayContaining(['RecordSaved']));
    expect(new Set(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))))).toEqual(new Set(['RecordSaved']));
    const change = entries.first();
    await change.locator('summary').first().click();
    await expect.poll(() => change.getByTestId('history-who').textContent()).toBe(`管理者 <${ADMIN_EMAIL}>`);
    const data = JSON.parse((await change.getByTestId('history-data').textContent())!) as { kind: string; id: string; data: { rate_percent: number } };
    expect(data).toMatchObject({ kind: 'tax', id: STORE, data: { rate_percent: 8 } });
    expect(await change.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await problems.screen(page, 'admin-history');

    // Owner words: the change is named in Japanese, the raw event name only behind its own disclosure.
    expect(await change.locator('summary').first().textContent()).toContain('設定の保存');
    // … and what changed, before and after (decision 577).
    expect(await change.locator('summary').first().textContent()).toMatch(/税率設定の標準税率（%） \d+ → 8/);
    expect(await change.getByText('RecordSaved').isVisible()).toBe(false);
    // The correlation id leads to every event of that request, whatever its stream.
    await change.getByRole('link', { name: 'この関連IDの変更をすべて表示' }).click();
    await page.waitForURL(/correlation=/);
    await page.getByRole('heading', { name: /^関連ID .+ の変更$/ }).waitFor();
    const followed = page.getByTestId('history-entry');
    expect(await followed.count()).toBeGreaterThanOrEqual(1);
    await followed.first().locator('summary').first().click();
    expect(JSON.parse((await followed.first().getByTestId('history-data').textContent())!)).toMatchObject({ kind: 'tax', data: { rate_percent: 8 } });
    await page.close();
  });

  it('names a visit’s changes in Japanese by what they are about (a booking by its number and guest, a walk-in by its party), not by a UUID (decision 190)', async () => {
    // A party seated at a table: a reservation stream with a guest's name and no number (a walk-in).
    await waitForOrderMenu(server.url);
    await moveToOpenHours(server);
    const checkIn = await httpClient(server.url).post('/api/orders/qr-checkin', {
      seat_id: 'seat-t3',
      number_of_people: 2,
      seat_code: await seatCodeOf(server.url, 'seat-t3'),
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status).toBe(200);
    const page = await adminPage();
    await page.goto('/admin/history?category=reservation');
    const entry = page.getByTestId('history-entry').first();
    await entry.waitFor();
    const summary = (await entry.locator('summary').first().textContent())!;
    expect(summary).toMatch(/来店 2名（\d{4}年\d{1,2}月\d{1,2}日（.） \d{2}:\d{2}）/);
    expect(summary).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await page.getByLabel('変更の内容').locator('option', { hasText: '予約キャンセル' }).count()).toBeLessThanOrEqual(1);
    await problems.screen(page, 'admin-history-reservations');
    await page.close();
  });

  it('never shows a password hash in the history', async () => {
    const page = await adminPage();
    await page.goto('/admin/history?type=AccountRegistered');
    const entry = page.getByTestId('history-entry').first();
    await entry.locator('summary').first().click();
    const text = (await entry.getByTestId('history-data').textContent())!;
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('$argon2');
    await page.close();
  });

  it('shows each read model’s status and rebuilds one with its progress to completion', async () => {
    const page = await adminPage();
    await page.goto('/admin/database');
    await page.getByRole('heading', { name: '集計表の状態' }).waitFor();
    // Rebuilding is folded away from the owner's everyday view (decision 190).
    expect(await page.getByRole('button', { name: 'すべて作り直す' }).isVisible()).toBe(false);
    await page.getByText('集計表を作り直す（サポートから頼まれたときだけ）').click();
    const row = page.locator('[data-testid="read-model"][data-name="event-history"]');
    await row.waitFor();
    expect(await page.getByTestId('read-model').count()).toBeGreaterThan(10);
    await expect.poll(async () => (await row.getByTestId('read-model-lag').textContent())?.trim(), { timeout: 20_000 }).toBe('最新');
    await row.getByRole('button', { name: 'event-history 作り直す' }).click();
    const operation = page.getByTestId('database-operation');
    await operation.waitFor();
    // Running it says what it rebuilds; a fast rebuild may already have ended, and then it says what it rebuilt.
    await expect.poll(() => operation.textContent()).toMatch(/作り直し中: event-history|作り直した集計表: event-history/);
    expect(await operation.locator('progress').count()).toBe(1);
    await page.locator('[data-testid="database-operation"][data-status="done"]').waitFor({ timeout: 60_000 });
    expect(await operation.getByRole('status').textContent()).toBe('完了しました');
    // Ended, it no longer calls itself running.
    expect(await operation.getByRole('heading').textContent()).toBe('直近の処理');
    expect(await operation.textContent()).toContain('作り直した集計表: event-history');
    expect(await operation.textContent()).not.toContain('作り直し中');
    expect(await operation.locator('progress').getAttribute('value')).toBe('100');
    await problems.screen(page, 'admin-database');

    // The rebuilt history still holds the change made before.
    await page.goto('/admin/history?type=RecordSaved');
    expect(await page.getByTestId('history-entry').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('shows a phone every read model’s rebuild button: the table fits the screen, nothing cut off', async () => {
    const onPhone = await offlineContext(browser, server.url, phone);
    try {
      await onPhone.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), STORE);
      expect((await onPhone.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
      const page = problems.watch(await onPhone.newPage());
      await page.goto('/admin/database');
      await page.getByText('集計表を作り直す（サポートから頼まれたときだけ）').click();
      // Nothing to scroll sideways: every column is on the screen.
      const table = page.locator('table').first();
      await table.waitFor();
      const [scrollWidth, clientWidth] = await table.evaluate((t) => [t.scrollWidth, t.clientWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const button = page.getByRole('button', { name: 'site-settings 作り直す' });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await problems.screen(page, 'admin-database-phone', { fullPage: false });
      await page.close();
    } finally {
      await onPhone.close();
    }
  });
});
