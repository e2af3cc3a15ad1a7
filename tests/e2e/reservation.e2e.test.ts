import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { startSmtpSink } from '../reservation/smtp-sink';
import { browserAvailable, launchBrowser, pageProblems, phone, screenshotDir } from '../support/browser';

const runs = browserAvailable();
const BIRTHDAY = 'course-birthday';
const LUNCH = 'course-lunch';
// A 1×1 PNG: the page crops it round to 400×400 itself.
/** A landscape picture, red on the left half and blue on the right, so where the circle sits shows. */
const PICTURE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="400" height="400" fill="#ff0000"/><rect x="400" width="400" height="400" fill="#0000ff"/></svg>',
);

const pathOf = (text: string, start: string) => {
  const match = new RegExp(`https?://\\S+?(${start.replace(/[/?]/g, '\\$&')}\\S*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${start} link in mail:\n${text}`);
  return match[1];
};

/** Waits for the day screen's calendar, then moves forward to the month holding `date`. */
async function showMonthOf(page: Page, date: string) {
  await page.locator('article[data-ready="true"]').waitFor();
  for (let i = 0; i < 3 && (await page.locator(`td[data-date="${date}"]`).count()) === 0; i++) await page.getByRole('button', { name: '次の月' }).click();
}

describe.runIf(runs)('a guest books on a phone', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  let context: BrowserContext;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());
  const dialogs: string[] = [];

  async function openPage(): Promise<Page> {
    const page = problems.watch(await context.newPage());
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    return page;
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `reservation-${name}.png`), fullPage: true });

  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    smtp = await startSmtpSink();
    server = await startTestWebServer({ env: { SMTP_URL: smtp.url } });
    await waitForAnswer(
      () => httpClient(server.url).post<{ options?: unknown[] }>('/api/customer-detail', { menuId: BIRTHDAY }),
      (a) => (a.body.options?.length ?? 0) >= 9,
      1200,
    );
    browser = await launchBrowser();
    context = await browser.newContext({ ...phone, baseURL: server.url });
    await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('books a birthday course with options and a picture for two, confirms by mail, cancels, and sees the time offered again', async () => {
    // The day and time: the first bookable for the course, on a day after the first one.
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [BIRTHDAY] })).body.dates;
    const date = dates[1] ?? dates[0]!;
    const timesFor = async () =>
      (await httpClient(server.url).post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 2, menuIds: [BIRTHDAY] })).body.times;
    const time = (await timesFor())[0]!;

    // Five other parties of two book that time, so our guest takes the last place left.
    for (let i = 0; i < 5; i++) {
      const email = `filler${i}@example.jp`;
      const filler = httpClient(server.url);
      const held = await filler.post<{ seat_ids: string[] }>('/api/customery-day/allocate-seat', { date, time, people: 2, menuIds: [LUNCH] });
      expect(held.body.seat_ids.length).toBeGreaterThan(0);
      const sent = await filler.post('/api/reservation-confirmation/send-confirmation', {
        name: `先客${i}`,
        email,
        phone: '03-1111-2222',
        reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 2 }] },
      });
      expect(sent.status).toBe(200);
      const confirmPath = pathOf((await smtp.next(email)).text, '/confirm-reservation?token=');
      const token = new URL(confirmPath, server.url).searchParams.get('token')!;
      expect((await fetch(`${server.url}/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`)).status).toBe(200);
      await smtp.next(email);
    }
    expect(await timesFor()).toContain(time);

    const page = await openPage();
    await page.goto('/reservation');
    const course = page.locator('[data-testid="course"]', { hasText: 'バースデーケーキコース' });
    await course.getByRole('button', { name: 'カートに追加' }).click();
    await expect.poll(() => page.getByTestId('cart').textContent()).toContain('バースデーケーキコース x 1 = 4,800円');
    await shot(page, '1-cart');
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();

    await page.waitForURL('**/reservation/day');
    await page.getByTestId('people').selectOption('2');
    await showMonthOf(page, date);
    await page.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await page.getByTestId('times').getByRole('button', { name: time, exact: true }).click();
    await page.getByRole('button', { name: '次へ（詳細入力へ）' }).click();
    await shot(page, '2-day');

    await page.waitForURL('**/reservation-details');
    await page.getByLabel('透明ケース（+300円）').check();
    await page.locator(`#opt-${BIRTHDAY}-5`).selectOption('pink');
    // The message colour and text appear only once a plate is wanted.
    await expect.poll(() => page.locator(`#opt-${BIRTHDAY}-8`).count()).toBe(0);
    await page.getByLabel('つける（+200円）').check();
    await page.locator(`#opt-${BIRTHDAY}-7`).selectOption('white');
    await page.locator(`#opt-${BIRTHDAY}-8`).fill('おたんじょうびおめでとう');
    await page.locator(`#opt-${BIRTHDAY}-9`).selectOption('tea');
    await page.getByLabel('ケーキに写真をプリントする（+500円）').check();
    // The circle starts on the centre of the picture; the arrow keys move it to the left edge.
    await page.locator(`#opt-${BIRTHDAY}-10`).setInputFiles({ name: 'photo.svg', mimeType: 'image/svg+xml', buffer: PICTURE });
    const cropper = page.getByTestId('image-cropper');
    await cropper.getByRole('button', { name: 'この範囲で切り抜く' }).and(page.locator(':enabled')).waitFor();
    await shot(page, '3-crop');
    await page.getByTestId('cropper').focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    await cropper.getByRole('button', { name: 'この範囲で切り抜く' }).click();
    const cropped = page.getByTestId('cropped-image');
    await cropped.waitFor();
    expect(await cropper.count()).toBe(0);
    const picture = await cropped.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const at = (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data];
      return { w: img.naturalWidth, h: img.naturalHeight, src: img.src.slice(0, 22), rightOfCentre: at(300, 200), corner: at(2, 2) };
    });
    // Cut from the left edge: red where the centred square would have been blue; round, so the corner is clear.
    expect(picture).toEqual({ w: 400, h: 400, src: 'data:image/png;base64,', rightOfCentre: [255, 0, 0, 255], corner: [0, 0, 0, 0] });
    await shot(page, '3-details');
    await page.getByRole('button', { name: 'お客様情報の入力へ' }).click();

    await page.waitForURL('**/customer-information');
    const submit = page.getByRole('button', { name: '確認メールを送信' });
    await page.getByLabel('お名前').fill('山田花子');
    await page.getByTestId('phone-1').fill('09a0');
    expect(await page.getByTestId('phone-1').inputValue()).toBe('090');
    await page.getByTestId('phone-2').fill('1234');
    await page.getByTestId('phone-3').fill('567');
    await page.getByLabel('メールアドレス').fill('hanako@example.jp');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('phone-3').fill('5678');
    expect(await submit.isDisabled()).toBe(false);
    await shot(page, '4-customer');
    await submit.click();
    await page.waitForURL('**/reservation-email-sent?email=*');
    await page.getByTestId('email-sent').waitFor();

    const request = await smtp.next('hanako@example.jp');
    expect(request.subject).toBe('【MonCafe 駅前店】ご予約の確認をお願いします');
    expect(request.text).toContain('印刷用画像：画像あり');
    expect(request.text).toContain('人数：2名');
    await page.goto(pathOf(request.text, '/confirm-reservation?token='));
    const card = page.getByTestId('confirm-success');
    await card.waitFor();
    expect(await card.textContent()).toContain('ご予約が確定しました');
    expect(await page.getByTestId('option-details').textContent()).toContain('画像あり');
    // The picture itself comes back from the blob store to the holder of the link, not from an event.
    const served = page.getByTestId('reservation-picture');
    expect(await served.getAttribute('src')).toMatch(/^\/api\/reservation-images\/[0-9a-f]{64}\?token=/);
    await expect.poll(() => served.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(400);
    expect(await page.getByTestId('reservation-facts').textContent()).toContain(time);
    await shot(page, '5-confirmed');
    // Every place for two at that time is now taken.
    expect(await timesFor()).not.toContain(time);

    const confirmed = await smtp.next('hanako@example.jp');
    expect(confirmed.subject).toBe('【MonCafe 駅前店】ご予約が確定しました');
    await page.goto(pathOf(confirmed.text, '/reservation/cancel?reservation_id='));
    await page.getByTestId('cancel-reservation').waitFor();
    expect(await page.getByTestId('cancel-reservation').textContent()).toContain('山田花子');
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.getByTestId('cancel-done').waitFor();
    expect(dialogs).toEqual(['本当にこの予約をキャンセルしますか？']);
    await shot(page, '6-cancelled');

    // The freed time is offered again on the day screen.
    await page.goto('/reservation');
    await page.locator('[data-testid="course"]', { hasText: 'バースデーケーキコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await page.waitForURL('**/reservation/day');
    await showMonthOf(page, date);
    await page.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await page.getByTestId('times').getByRole('button', { name: time, exact: true }).waitFor();
    await shot(page, '7-offered-again');

    // Reloading a step while the session exists starts over from the top.
    await page.reload();
    await page.waitForURL('**/moncafe');
    expect(await page.evaluate(() => localStorage.getItem('moncafe.cart'))).toBeNull();
  });

  it('ends the reservation session after 5 minutes with the spec alert and a return to the top', async () => {
    const page = await openPage();
    await page.clock.install();
    await page.goto('/reservation');
    await page.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await page.locator('article[data-ready="true"]').waitFor();
    dialogs.length = 0;
    await page.clock.fastForward('04:30');
    expect(dialogs).toEqual([]);
    await page.clock.fastForward('00:31');
    await page.waitForURL('**/moncafe');
    expect(dialogs).toEqual(['予約セッションの有効期限が切れました。トップページに戻り、最初から予約をやり直してください。']);
    expect(await page.evaluate(() => localStorage.getItem('moncafe.cart'))).toBeNull();
  });

  it('on a desktop screen (1280x800), books a lunch for two by the calendar day names and the keyboard, confirms by mail, and cancels from the confirmed card back home; signed in, the contact form starts from the account', async () => {
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates;
    const date = dates[2] ?? dates.at(-1)!;
    const time = (await httpClient(server.url).post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 2, menuIds: [LUNCH] })).body
      .times[0]!;
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', baseURL: server.url });
    await desktop.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
    try {
      const page = problems.watch(await desktop.newPage());
      const asked: string[] = [];
      page.on('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      // A signed-in customer: the contact form takes the name and e-mail from the account.
      expect(
        (await desktop.request.post('/api/auth/register', { data: { name: '鈴木一郎', email: 'ichiro@example.jp', password: 'ichiro-password-1' } })).status(),
      ).toBeLessThan(300);
      // Signing up signs nobody in (docs/security.md, finding 1): a verification mail comes, and the customer signs in.
      expect((await smtp.next('ichiro@example.jp')).text).toContain('/verify-email?token=');
      expect((await desktop.request.post('/api/auth/login', { data: { email: 'ichiro@example.jp', password: 'ichiro-password-1' } })).status()).toBe(200);
      await page.goto('/reservation');
      await page.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toContain('2,200円');
      await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();

      await page.waitForURL('**/reservation/day');
      await page.getByLabel('人数').selectOption('2');
      await showMonthOf(page, date);
      // A screen reader hears the date and that it can be booked; the chosen day is pressed.
      const day = page.getByRole('button', { name: `${date} 予約可`, exact: true });
      await day.focus();
      // While the times are on their way the screen says so; the answer is held until seen.
      let releaseTimes!: () => void;
      const timesHeld = new Promise<void>((resolve) => (releaseTimes = resolve));
      await page.route('**/api/customery-day/available-times', async (route) => {
        await timesHeld;
        await route.continue();
      });
      await page.keyboard.press('Enter');
      await expect.poll(() => day.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('times-loading').textContent()).toBe('読み込み中…');
      releaseTimes();
      await page.getByTestId('times-loading').waitFor({ state: 'detached' });
      await page.getByTestId('times').getByRole('button', { name: time, exact: true }).click();
      await page.screenshot({ path: path.join(screenshotDir, 'reservation-desktop-1-day.png'), fullPage: true });
      await page.getByRole('button', { name: '次へ（詳細入力へ）' }).click();

      // No option for the lunch: straight to the contact form, name and e-mail from the account,
      // the phone typed and the form sent from the keyboard.
      await page.waitForURL('**/customer-information');
      await expect.poll(() => page.getByLabel('お名前').inputValue()).toBe('鈴木一郎');
      expect(await page.getByLabel('メールアドレス').inputValue()).toBe('ichiro@example.jp');
      await page.getByLabel('お名前').press('Tab');
      await page.keyboard.type('03');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1234');
      await page.keyboard.press('Tab');
      await page.keyboard.type('5678');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/reservation-email-sent?email=*');

      const request = await smtp.next('ichiro@example.jp');
      await page.goto(pathOf(request.text, '/confirm-reservation?token='));
      await page.getByTestId('confirm-success').waitFor();
      expect(await page.getByTestId('reservation-facts').textContent()).toContain(time);
      await page.screenshot({ path: path.join(screenshotDir, 'reservation-desktop-2-confirmed.png'), fullPage: true });
      const cancelLink = new URL(pathOf((await smtp.next('ichiro@example.jp')).text, '/reservation/cancel?reservation_id='), server.url);
      const check = () =>
        httpClient(server.url).post<{ reservation: { status: string } }>('/api/customer-cancel/check', {
          reservation_id: cancelLink.searchParams.get('reservation_id'),
          email: cancelLink.searchParams.get('email'),
        });
      expect((await check()).body.reservation.status).not.toBe('cancelled');

      // Cancel from the confirmed card: asked first, cancelled by the link's token, then home.
      asked.length = 0;
      await page.getByTestId('confirm-success').getByRole('button', { name: '予約をキャンセルする' }).click();
      await page.waitForURL('**/moncafe');
      expect(asked).toEqual(['本当にこの予約をキャンセルしますか？']);
      expect((await check()).body.reservation.status).toBe('cancelled');
    } finally {
      await desktop.close();
    }
  });
});
