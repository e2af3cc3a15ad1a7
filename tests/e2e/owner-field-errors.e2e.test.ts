import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Browser, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, browserSuite, desktop, offlineContext } from '../support/browser';

/**
 * A refused settings form says why in Japanese beside the field it names (decision 652): the
 * control is marked invalid and described by the words, and what the owner typed stays.
 */
const runs = browserAvailable();
const STORE = '2';

/** The words that describe a control (its `aria-describedby`), or null when none. */
async function describedBy(page: Page, control: Locator): Promise<string | null> {
  const id = await control.getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

describe.runIf(runs)('the owner reads a refusal beside its field', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  beforeAll(async () => {
    context = await offlineContext(browser, server.url, desktop);
    await context.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
  });

  it('a registration number with a wrong check digit is refused beside its field, the number kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto(`/admin/tax-management?store_id=${STORE}`);
    const number = page.getByTestId('registration-number');
    await number.fill('T1234567890123');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(page, number)).toBe('登録番号は「T」と13桁の数字（検査用数字が正しいもの）で入力してください。');
    expect(await number.inputValue()).toBe('T1234567890123');
    await problems.screen(page, 'owner-field-errors-1-registration-number');
    await page.close();
  });

  it('recruit times whose end is before their start are refused beside the end, in Japanese', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/shifts');
    const form = page.getByRole('form', { name: '募集時間' });
    const start = form.getByLabel('平日 開始');
    const end = form.getByLabel('平日 終了');
    await start.fill('18:00');
    await end.fill('09:00');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => end.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(page, end)).toBe('終了時刻は開始時刻より後にしてください');
    expect(await start.getAttribute('aria-invalid')).toBeNull();
    expect(await end.inputValue()).toBe('09:00');
    await problems.screen(page, 'owner-field-errors-2-recruit-times');
    await page.close();
  });
});
