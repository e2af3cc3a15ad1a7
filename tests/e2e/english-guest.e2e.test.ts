import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { startSmtpSink } from '../reservation/smtp-sink';
import { japaneseDate } from '../support/japanese';
import { browserSuite, offlineContext, phone } from '../support/browser';
import { browserAvailable } from '../support/browser';

const runs = browserAvailable();
const LUNCH = 'course-lunch';
const LUNCH_EN = 'Lunch course';
/** The store's own words (its name, its notices), shown as the store wrote them (decision 364). */
const STORE_NAME = 'MonCafe 駅前店';
/** Kana and kanji: none may show on an English page outside the store's own words. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/;

/** 2026-11-29 → Sun, 29 Nov 2026, worked out here apart from the app's. */
function englishDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][day.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${weekday}, ${d} ${month} ${y}`;
}

const pathOf = (text: string, start: string) => {
  const match = new RegExp(`https?://\\S+?(${start.replace(/[/?]/g, '\\$&')}\\S*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${start} link in mail:\n${text}`);
  return match[1];
};

/** The page's visible text with the store's own words and the 日本語 switch taken out: what must read English. */
async function japaneseLeftOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    for (const own of copy.querySelectorAll('[lang="ja"], [data-testid="notices"], [data-testid="disclaimer-content"], script, style')) own.remove();
    return copy.innerText;
  });
  return text
    .replaceAll(STORE_NAME, '')
    .split('\n')
    .filter((line) => JAPANESE.test(line));
}

describe.runIf(runs)('a visitor who reads English', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const contexts: BrowserContext[] = [];
  let browser: Parameters<Parameters<typeof browserSuite>[1]>[0]['browser'];
  const problems = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return startTestWebServer({ env: { SMTP_URL: smtp.url } });
    },
    (started) => ({ server, browser } = started),
  );

  beforeAll(async () => {
    await waitForAnswer(
      () => httpClient(server.url).getJson<{ menus?: { id: string }[] }>('/api/customer/menu'),
      (a) => (a.body.menus ?? []).some((c) => c.id === LUNCH),
      1200,
    );
    // The owner gives the courses their English names in the menu editor's call.
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const items = (
      await admin.getJson<({ id: string; saved_category: string | null; show_on_reservation: boolean } & Record<string, unknown>)[]>('/api/admin/menu')
    ).body;
    for (const item of items.filter((i) => i.show_on_reservation)) {
      const english =
        item.id === LUNCH
          ? { name_en: LUNCH_EN, description_en: 'Starter, pasta, dessert and a drink.' }
          : { name_en: `Course ${item.id}`, description_en: 'A course.' };
      const saved = await admin.send('PUT', `/api/admin/menu-items/${item.id}`, { json: { ...item, category: item.saved_category, ...english } });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await smtp?.close();
  });

  async function englishPage(): Promise<Page> {
    const context = await offlineContext(browser, server.url, { ...phone, locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    contexts.push(context);
    const page = problems.watch(await context.newPage());
    page.on('dialog', (dialog) => void dialog.accept());
    return page;
  }

  it('reads the homepage, the menu and sign-in in English, and 日本語 turns them to the spec’s Japanese', async () => {
    const page = await englishPage();
    await page.goto('/moncafe');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Home | MonCafe');
    const calendar = page.getByTestId('calendar-card');
    await calendar.waitFor();
    expect(await calendar.locator('thead th').allTextContents()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(await calendar.getByTestId('calendar-month').textContent()).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    // The cards the store gave English (the demo's) read in English; the calendar's own legend stands in for the store's Japanese one.
    expect(await page.locator('a.card-link[href="/menu"] .card-title').textContent()).toBe('Menu');
    expect(await calendar.locator('.calendar-legend').textContent()).toBe('Off: we are closed that day');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-home');

    await page.locator('a.card-link[href="/menu"]').click();
    await page.getByTestId('menu-list').waitFor();
    expect(await page.title()).toBe('Menu | MonCafe');
    expect(await page.getByRole('group', { name: 'Category' }).getByRole('button').allTextContents()).toEqual(['All', 'Drinks', 'Food', 'Desserts']);
    // The course the owner named in English shows by that name, its price in yen as Intl writes it for English, tax included (decision 518).
    const lunch = page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name: LUNCH_EN, exact: true }) });
    expect(await lunch.locator('.price').textContent()).toBe('¥2,420');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-menu');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    const login = page.getByRole('form', { name: 'Sign in' });
    await login.getByLabel('Email address').fill('nobody@example.com');
    await login.getByLabel('Password').fill('not-the-password');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => login.getByRole('alert').textContent()).toBe('We could not sign you in: The email address or password is not right.');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-sign-in');

    // Signing up from the English page: the answer and the verification mail are in English.
    const signUp = page.getByRole('form', { name: 'Create an account' });
    await signUp.getByLabel('Name').fill('Bob Jones');
    await signUp.getByLabel('Email address').fill('bob@example.com');
    await signUp.getByLabel('Password').fill('a-long-enough-password');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => signUp.getByRole('status').textContent()).toBe('We have sent you an email. Open the link in it, then sign in.');
    const verification = await smtp.next('bob@example.com');
    expect(verification.subject).toBe('[MonCafe] Please confirm your email address');
    expect(verification.text).toContain('Dear Bob Jones,');
    expect(pathOf(verification.text, '/verify-email?token=')).toMatch(/^\/verify-email\?token=/);
    expect(verification.text).not.toMatch(JAPANESE);

    // 日本語 on the same page: the spec's Japanese, and the menu and home follow the kept choice.
    await page.getByTestId('language-switch').getByRole('button', { name: '日本語' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ログイン');
    expect(await page.getByRole('form', { name: 'ログイン' }).getByLabel('メールアドレス').count()).toBe(1);
    await page.getByRole('link', { name: 'メニュー' }).first().click();
    await page.getByTestId('menu-list').waitFor();
    expect(await page.getByRole('group', { name: 'カテゴリ' }).getByRole('button').allTextContents()).toEqual(['すべて', 'ドリンク', 'フード', 'デザート']);
    const lunchInJapanese = page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name: 'ランチコース', exact: true }) });
    expect(await lunchInJapanese.locator('.price').textContent()).toBe('¥2,420');
    await page.goto('/moncafe');
    expect(await page.title()).toBe('ホーム | MonCafe');
    expect(await page.getByTestId('calendar-card').locator('thead th').allTextContents()).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(await page.locator('a.card-link[href="/menu"] .card-title').textContent()).toBe('メニュー');
  });

  it('books the lunch course end to end in English, with English dates and yen, and gets the English mails', async () => {
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates;
    const date = dates[1] ?? dates[0]!;
    const time = (await httpClient(server.url).post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 2, menuIds: [LUNCH] })).body
      .times[0]!;

    const page = await englishPage();
    await page.goto('/reservation');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const course = page.locator('[data-testid="course"]', { hasText: LUNCH_EN });
    expect(await course.textContent()).toContain('¥2,420');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await course.getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByTestId('cart');
    await expect.poll(() => cart.textContent()).toContain(`${LUNCH_EN} x 1 = ¥2,420`);
    await cart.getByRole('button', { name: `One more ${LUNCH_EN}` }).click();
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('Total: ¥4,840');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-1-cart');
    await page.getByRole('button', { name: 'Choose a date and fill in the details' }).click();

    await page.waitForURL('**/reservation/day');
    await page.getByTestId('people').selectOption('2');
    await page.locator('article[data-ready="true"]').waitFor();
    for (let i = 0; i < 3 && (await page.locator(`td[data-date="${date}"]`).count()) === 0; i++) await page.getByRole('button', { name: 'Next month' }).click();
    expect(await page.getByTestId('month').textContent()).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    await page.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await page.getByTestId('times').getByRole('button', { name: time, exact: true }).click();
    expect(await page.getByTestId('chosen-date').textContent()).toBe(`Chosen: ${englishDate(date)}`);
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-2-day');
    await page.getByRole('button', { name: 'Next (your details)' }).click();

    await page.waitForURL(/\/(reservation-details|customer-information)$/);
    if (page.url().endsWith('/reservation-details')) {
      expect(await japaneseLeftOn(page)).toEqual([]);
      await page.getByRole('button', { name: 'On to your contact details' }).click();
    }
    await page.waitForURL('**/customer-information');
    const summary = page.getByTestId('review');
    await expect.poll(() => summary.getByTestId('review-total').textContent()).toBe('¥4,840');
    expect(await summary.getByTestId('review-date').textContent()).toBe(englishDate(date));
    await page.getByLabel('Name').fill('Alice Walker');
    await page.getByTestId('phone-1').fill('090');
    await page.getByTestId('phone-2').fill('1234');
    await page.getByTestId('phone-3').fill('5678');
    await page.getByLabel('Email address').fill('alice@example.com');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-3-customer');
    await page.getByRole('button', { name: 'Review your booking' }).click();

    await page.waitForURL('**/customer-information?step=review');
    await expect.poll(() => page.getByTestId('review').textContent()).toContain('Alice Walker');
    expect(await japaneseLeftOn(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send confirmation email' }).click();
    await page.waitForURL('**/reservation-email-sent?email=*');
    await page.getByTestId('email-sent').waitFor();
    expect(await page.getByTestId('email-sent').textContent()).toContain('We have sent a confirmation email to alice@example.com');
    expect(await japaneseLeftOn(page)).toEqual([]);

    // The outbox holds the English mail: English words, date and yen; the course by its English name.
    const request = await smtp.next('alice@example.com');
    expect(request.subject).toBe(`[${STORE_NAME}] Please confirm your booking`);
    expect(request.text).toContain('Dear Alice Walker,');
    expect(request.text).toContain(`Date: ${englishDate(date)}`);
    expect(request.text).toContain('Party: 2 people');
    expect(request.text).toContain(`Course: ${LUNCH_EN} × 2`);
    expect(request.text).toContain('Total: ¥4,840');
    expect(request.text).not.toContain(japaneseDate(date));

    await page.goto(pathOf(request.text, '/confirm-reservation?token='));
    const card = page.getByTestId('confirm-success');
    await card.waitFor();
    expect(await card.textContent()).toContain('Your booking is confirmed');
    expect(await page.getByTestId('reservation-date').textContent()).toBe(englishDate(date));
    expect(await japaneseLeftOn(page)).toEqual([]);
    await problems.screen(page, 'english-4-confirmed');

    const confirmed = await smtp.next('alice@example.com');
    expect(confirmed.subject).toBe(`[${STORE_NAME}] Your booking is confirmed`);
    expect(confirmed.text).toContain('You can cancel your booking with the link below.');

    // Switching to 日本語 shows the spec's Japanese on the same URL, and the choice is kept.
    const url = page.url();
    await page.getByTestId('language-switch').getByRole('button', { name: '日本語' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja');
    await expect.poll(() => card.textContent()).toContain('ご予約が確定しました');
    expect(await page.getByTestId('reservation-date').textContent()).toBe(japaneseDate(date));
    expect(page.url()).toBe(url);
    await page.goto('/reservation');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('予約コース');
    await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Courses to book');
  });
});
