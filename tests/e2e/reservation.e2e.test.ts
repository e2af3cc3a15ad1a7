import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { showMonthOf } from '../reservation/booking-steps';
import { startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { startSmtpSink } from '../reservation/smtp-sink';
import { japaneseDate } from '../support/japanese';
import { browserAvailable, launchBrowser, offlineContext, pageProblems, phone, screenshotDir } from '../support/browser';

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

const NUMBER = /^MC-\d{4}-[2-9A-HJ-NP-Z]{2}$/;
/** A 50-character name without a space to break at: the worst case for the card's layout. */
const LONG_NAME = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft'.slice(0, 50);
/** An address wider than a phone's value column: it has to wrap (at its @ and dots) to stay in its box. */
const LONG_EMAIL = 'hanako.yamada.birthday-party@reservations.example.jp';

/**
 * Each way back on the review card (コースを変更, 日時・人数を変更 …): the link or button, the
 * value it sits with (the rest of its <dd>) and where both are drawn, the value's box being the
 * union of its lines.
 */
function changeLinksOf(review: Element) {
  return [...review.querySelectorAll('dd > .rsv-change')].map((link) => {
    const dd = link.parentElement!;
    const value = document.createRange();
    value.setStart(dd, 0);
    value.setEndBefore(link);
    const v = value.getBoundingClientRect();
    const l = link.getBoundingClientRect();
    return {
      label: link.textContent,
      tag: link.tagName,
      value: value.toString(),
      linkTextOnly: link.children.length === 0,
      overlap: l.left < v.right && v.left < l.right && l.top < v.bottom && v.top < l.bottom,
      below: l.top >= v.bottom - 0.5,
      gapBeside: l.left - v.right,
    };
  });
}

describe.runIf(runs)('a guest books on a phone', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  let context: BrowserContext;
  const problems = pageProblems();
  afterEach(async () => {
    await problems.assertNone();
    // A page left open would keep its booking's clock running into the next test.
    for (const page of context.pages()) await page.close();
  });
  const dialogs: string[] = [];

  /** A page of a guest who has no booking under way (the browser's storage starts empty). */
  async function openPage(): Promise<Page> {
    const page = problems.watch(await context.newPage());
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/about');
    await page.evaluate(() => window.localStorage.clear());
    return page;
  }
  /** A screen of the flow: its screenshot and axe's check of it. */
  const shot = (page: Page, name: string) => problems.screen(page, `reservation-${name}`);

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
    context = await offlineContext(browser, server.url, phone);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('books a birthday course with options and a picture for two: reviews the total before sending, gets a short number and a Japanese date on a card a 50-character name cannot break, cancels, and is told so by mail and by both links', async () => {
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

    // The cart: − / + change the quantity, the time left shows from the first course on.
    const page = await openPage();
    await page.goto('/reservation');
    const course = page.locator('[data-testid="course"]', { hasText: 'バースデーケーキコース' });
    await course.getByRole('button', { name: 'カートに追加' }).click();
    const cart = page.getByTestId('cart');
    await expect.poll(() => cart.textContent()).toContain('バースデーケーキコース x 1 = 5,280円');
    await cart.getByRole('button', { name: 'バースデーケーキコースを1つ増やす' }).click();
    await expect.poll(() => cart.textContent()).toContain('バースデーケーキコース x 2 = 10,560円');
    expect(await cart.getByRole('button', { name: 'バースデーケーキコースを1つ減らす' }).isEnabled()).toBe(true);
    await cart.getByRole('button', { name: 'バースデーケーキコースを1つ減らす' }).click();
    await expect.poll(() => cart.textContent()).toContain('バースデーケーキコース x 1 = 5,280円');
    // At one, − is greyed out (削除 takes the line away).
    expect(await cart.getByRole('button', { name: 'バースデーケーキコースを1つ減らす' }).isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('time-left').textContent()).toMatch(/^[45]:\d\d$/);
    // The footer's カート button is the table order's: the course cart never shows there.
    expect(await page.getByTestId('cart-button').count()).toBe(0);
    await shot(page, '1-cart');
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();

    await page.waitForURL('**/reservation/day');
    await page.getByTestId('people').selectOption('2');
    // A day too soon for the course says why, in its mark and its name; the legend explains the marks.
    // Those days come before the first bookable one: this month, or the next near a month's end.
    await page.locator('article[data-ready="true"]').waitFor();
    for (let i = 0; i < 2 && (await page.locator('td.too_late').count()) === 0; i++) await page.getByRole('button', { name: '次の月' }).click();
    const tooLate = page.locator('td.too_late button').first();
    expect(await tooLate.textContent()).toContain('締切');
    expect(await tooLate.textContent()).toMatch(/\d+年\d+月\d+日（.）\s予約受付終了$/);
    await showMonthOf(page, date);
    await page.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await page.getByTestId('times').getByRole('button', { name: time, exact: true }).click();
    expect(await page.getByTestId('chosen-date').textContent()).toBe(`選択中：${japaneseDate(date)}`);
    await shot(page, '2-day');
    await page.getByRole('button', { name: '次へ（詳細入力へ）' }).click();

    await page.waitForURL('**/reservation-details');
    const optionProblems = page.getByTestId('option-problems');
    // Going on with nothing filled in names every missing option …
    await page.getByRole('button', { name: 'お客様情報の入力へ' }).click();
    await expect.poll(() => optionProblems.textContent()).toContain('ケースの種類は必須です');
    expect(await optionProblems.textContent()).toContain('ケーキの色は必須です');
    // … and each goes away as soon as its field is right.
    await page.getByLabel('透明ケース（+330円）').check();
    await expect.poll(() => optionProblems.textContent()).not.toContain('ケースの種類');
    expect(await optionProblems.textContent()).toContain('ケーキの色は必須です');
    await page.locator(`#opt-${BIRTHDAY}-5`).selectOption('pink');
    // The message colour and text appear only once a plate is wanted.
    await expect.poll(() => page.locator(`#opt-${BIRTHDAY}-8`).count()).toBe(0);
    await page.getByLabel('つける（+220円）').check();
    await page.locator(`#opt-${BIRTHDAY}-7`).selectOption('white');
    await page.locator(`#opt-${BIRTHDAY}-8`).fill('おたんじょうびおめでとう');
    await page.locator(`#opt-${BIRTHDAY}-9`).selectOption('tea');
    await page.getByLabel('ケーキに写真をプリントする（+550円）').check();
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
    expect(await optionProblems.textContent()).toBe('');
    await shot(page, '3-details');
    await page.getByRole('button', { name: 'お客様情報の入力へ' }).click();

    // The contact step shows what is being booked, each part with its way back.
    await page.waitForURL('**/customer-information');
    const summary = page.getByTestId('review');
    await expect.poll(() => summary.getByTestId('review-total').textContent()).toMatch(/^[\d,]+円$/);
    expect(await summary.getByTestId('review-date').textContent()).toBe(japaneseDate(date));
    expect(await summary.textContent()).toContain('バースデーケーキコース × 1（5,280円）');
    expect(await summary.getByRole('link', { name: 'コースを変更' }).getAttribute('href')).toBe('/reservation');
    expect(await summary.getByRole('link', { name: 'オプションを変更' }).getAttribute('href')).toBe('/reservation-details');
    expect(await summary.getByRole('link', { name: '日時・人数を変更' }).getAttribute('href')).toBe('/reservation/day');
    // The options in their display order (as the course asks them), with their prices.
    const asked = (await httpClient(server.url).post<{ options: { label: string }[] }>('/api/customer-detail', { menuId: BIRTHDAY })).body.options.map(
      (o) => o.label,
    );
    const reviewed = (await summary.getByTestId('review-options').locator('li').allTextContents()).map((line) => line.split('：')[0]!);
    expect(reviewed).toEqual(asked.filter((label) => reviewed.includes(label)));
    expect(await summary.getByTestId('review-options').textContent()).toContain('ケースの種類：透明ケース（+330円）');
    // With tax (decision 632): 5,280 + case 330 + plate 220 + print 550.
    expect(await summary.getByTestId('review-total').textContent()).toBe('6,380円');

    const submit = page.getByRole('button', { name: '入力内容を確認する' });
    await page.getByLabel('お名前').fill(LONG_NAME);
    await page.getByTestId('phone-1').fill('09a0');
    expect(await page.getByTestId('phone-1').inputValue()).toBe('090');
    await page.getByTestId('phone-2').fill('1234');
    await page.getByTestId('phone-3').fill('567');
    await page.getByLabel('メールアドレス').fill(LONG_EMAIL);
    await page.getByLabel('備考（アレルギーなど）').fill('えびアレルギー');
    expect(await submit.isDisabled()).toBe(true);
    // The error under a field goes as soon as the field is right.
    await page.getByLabel('メールアドレス').fill('hanako@');
    await page.getByLabel('メールアドレス').blur();
    await page.locator('#email-error').waitFor();
    await page.getByLabel('メールアドレス').fill(LONG_EMAIL);
    expect(await page.locator('#email-error').count()).toBe(0);
    await page.getByTestId('phone-3').fill('5678');
    expect(await submit.isDisabled()).toBe(false);
    await shot(page, '4-customer');
    await submit.click();

    // The review before sending: everything, the contact and the total.
    await page.waitForURL('**/customer-information?step=review');
    const review = page.getByTestId('review');
    await expect.poll(() => review.textContent()).toContain(LONG_NAME);
    expect(await review.textContent()).toContain('090-1234-5678');
    expect(await review.getByTestId('review-total').textContent()).toBe('6,380円');
    // Each 変更 is its own element under (or clear beside) its value, never run into it: 「2名日時・人数を変更」 was one line.
    const links = await review.evaluate(changeLinksOf);
    expect(links.map((l) => `${l.tag} ${l.label}`)).toEqual(['A コースを変更', 'A オプションを変更', 'A 日時・人数を変更', 'BUTTON お客様情報を修正']);
    expect(links.find((l) => l.label === '日時・人数を変更')?.value).toBe('2名');
    for (const link of links) {
      expect(link.linkTextOnly, link.label!).toBe(true);
      expect(link.overlap, `${link.label} over its value`).toBe(false);
      expect(link.below || link.gapBeside >= 8, `${link.label} under its value or clear beside it (${link.gapBeside}px)`).toBe(true);
    }
    // The long address wraps inside its box at 390 px; nothing of it is cut or pushes the page wider.
    expect(page.viewportSize()!.width).toBe(390);
    const email = review.getByTestId('review-email');
    expect(await email.textContent()).toBe(LONG_EMAIL);
    const fits = await email.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
      holder: el.parentElement!.getBoundingClientRect().right,
      lines: new Set([...el.querySelectorAll('span')].map((part) => Math.round(part.getBoundingClientRect().top))).size,
      page: document.documentElement.scrollWidth,
    }));
    expect(fits.scroll, 'the address overflows its box').toBeLessThanOrEqual(fits.client);
    expect(fits.right).toBeLessThanOrEqual(fits.holder + 0.5);
    expect(fits.lines, 'the address wraps onto more than one line').toBeGreaterThan(1);
    expect(fits.page).toBeLessThanOrEqual(390);
    await shot(page, '4-review');
    await page.getByRole('button', { name: '確認メールを送信' }).click();
    await page.waitForURL('**/reservation-email-sent?email=*');
    await page.getByTestId('email-sent').waitFor();

    const request = await smtp.next(LONG_EMAIL);
    expect(request.subject).toBe('【MonCafe 駅前店】ご予約の確認をお願いします');
    expect(request.text).toContain('印刷用画像：画像あり');
    expect(request.text).toContain('人数：2名');
    expect(request.text).toContain('合計金額：6,380円');
    // The remarks come back in the mail, as the guest's words.
    expect(request.text).toContain('備考（お客様のご入力内容）：\n\u3000｜えびアレルギー');
    const number = /予約番号：(\S+)/.exec(request.text)?.[1] ?? '';
    expect(number).toMatch(NUMBER);

    await page.goto(pathOf(request.text, '/confirm-reservation?token='));
    const confirmLink = page.url();
    const card = page.getByTestId('confirm-success');
    await card.waitFor();
    expect(await card.textContent()).toContain('ご予約が確定しました');
    expect(await page.getByTestId('reservation-number').textContent()).toBe(number);
    expect(await page.getByTestId('reservation-date').textContent()).toBe(japaneseDate(date));
    expect(await page.getByTestId('option-details').textContent()).toContain('画像あり');
    // The remarks are on the confirmation the guest keeps, so they see the store has them.
    expect(await page.getByTestId('reservation-remarks').textContent()).toBe('えびアレルギー');
    // The picture itself comes back from the blob store to the holder of the link, not from an event.
    const served = page.getByTestId('reservation-picture');
    expect(await served.getAttribute('src')).toMatch(/^\/api\/reservation-images\/[0-9a-f]{64}\?token=/);
    await expect.poll(() => served.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(400);
    expect(await page.getByTestId('reservation-facts').textContent()).toContain(time);

    // The 50-character name wraps in its own column; the labels keep one line at full width, on
    // this phone and at 320 px.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const facts = await page.getByTestId('reservation-facts').evaluate((dl) => {
        const labels = [...dl.querySelectorAll('dt')].map((dt) => {
          const box = dt.getBoundingClientRect();
          // The lines the label's text takes: one box per line.
          const text = document.createRange();
          text.selectNodeContents(dt);
          const lines = new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
          return { text: dt.textContent ?? '', left: box.left, width: box.width, lines, needed: dt.scrollWidth };
        });
        return { labels, pageWidth: document.documentElement.scrollWidth };
      });
      expect(facts.pageWidth, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width);
      expect(new Set(facts.labels.map((l) => Math.round(l.left))).size, 'one label column').toBe(1);
      for (const label of facts.labels) {
        expect(label.lines, `${label.text} on one line at ${width} px`).toBe(1);
        expect(label.width, `${label.text} at its full width at ${width} px`).toBeGreaterThanOrEqual(label.needed);
        // 予約番号 is four characters: the column is at least that wide.
        expect(label.width).toBeGreaterThanOrEqual(48);
      }
      await shot(page, `5-confirmed-${width}`);
    }
    await page.setViewportSize(phone.viewport);
    // Every place for two at that time is now taken.
    expect(await timesFor()).not.toContain(time);

    const confirmed = await smtp.next(LONG_EMAIL);
    expect(confirmed.subject).toBe('【MonCafe 駅前店】ご予約が確定しました');
    const cancelLink = pathOf(confirmed.text, '/reservation/cancel?reservation_id=');
    await page.goto(cancelLink);
    await page.getByTestId('cancel-reservation').waitFor();
    expect(await page.getByTestId('cancel-reservation').textContent()).toContain(LONG_NAME);
    expect(await page.getByTestId('reservation-number').textContent()).toBe(number);
    dialogs.length = 0;
    await page.getByRole('button', { name: 'キャンセルする' }).click();
    await page.getByTestId('cancel-done').waitFor();
    expect(dialogs).toEqual(['本当にこの予約をキャンセルしますか？']);
    await shot(page, '6-cancelled');

    // The guest is told by mail, with the number and the Japanese date.
    const cancelledMail = await smtp.next(LONG_EMAIL);
    expect(cancelledMail.subject).toBe('【MonCafe 駅前店】ご予約をキャンセルしました');
    expect(cancelledMail.text).toContain(`予約番号：${number}`);
    expect(cancelledMail.text).toContain(`日付：${japaneseDate(date)}`);

    // The cancel link opened again shows the cancelled reservation and the way home, not an error.
    await page.goto(cancelLink);
    await page.getByTestId('already-cancelled').waitFor();
    expect(await page.getByTestId('already-cancelled').textContent()).toBe('このご予約はキャンセルされました');
    expect(await page.getByTestId('cancel-reservation').getByRole('link', { name: 'ホームに戻る' }).getAttribute('href')).toBe('/moncafe');
    expect(await page.getByRole('button', { name: 'キャンセルする' }).count()).toBe(0);
    await shot(page, '6-cancel-link-again');
    // So does the confirmation link.
    await page.goto(confirmLink);
    await page.getByTestId('confirm-cancelled').waitFor();
    expect(await page.getByTestId('confirm-cancelled').textContent()).toContain('このご予約はキャンセルされました');
    expect(await page.getByTestId('confirm-error').count()).toBe(0);
    await shot(page, '6-confirm-link-again');

    // The freed time is offered again on the day screen.
    await page.goto('/reservation');
    await page.locator('[data-testid="course"]', { hasText: 'バースデーケーキコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await page.waitForURL('**/reservation/day');
    await showMonthOf(page, date);
    await page.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await page.getByTestId('times').getByRole('button', { name: time, exact: true }).waitFor();
    await shot(page, '7-offered-again');
  });

  it('reloads the day screen mid-booking and keeps the cart, the date and time chosen and the time left; back to the courses keeps the cart too', async () => {
    const page = await openPage();
    await page.clock.install();
    await page.goto('/reservation');
    await page.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await page.waitForURL('**/reservation/day');
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates;
    const date = dates.at(-1)!;
    await showMonthOf(page, date);
    await page.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    const times = page.getByTestId('times');
    await times.getByRole('button').first().waitFor();
    const time = (await times.getByRole('button').first().textContent())!;
    await times.getByRole('button', { name: time, exact: true }).click();
    await page.getByRole('button', { name: '次へ（詳細入力へ）' }).waitFor();

    await page.clock.fastForward('01:10');
    const secondsLeft = async () => {
      const [m, s] = ((await page.getByTestId('time-left').textContent()) ?? '').split(':').map(Number) as [number, number];
      return m * 60 + s;
    };
    await expect.poll(secondsLeft).toBeLessThanOrEqual(230);
    const before = await secondsLeft();

    await page.reload();
    await page.locator('article[data-ready="true"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/reservation/day');
    expect(await page.getByTestId('reservation-summary').textContent()).toContain('ランチコース × 1');
    const after = await secondsLeft();
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 15);
    // The date and time come back, and the way on.
    expect(await page.getByTestId('chosen-date').textContent()).toBe(`選択中：${japaneseDate(date)}`);
    await expect.poll(() => times.getByRole('button', { name: time, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '次へ（詳細入力へ）' }).waitFor();
    await shot(page, '8-day-reloaded');

    // Back to the course list: the cart is still there; 削除 takes the whole line and ends the session.
    await page.goBack();
    await page.waitForURL('**/reservation');
    const cart = page.getByTestId('cart');
    await expect.poll(() => cart.textContent()).toContain('ランチコース x 1');
    await cart.getByRole('button', { name: 'ランチコースを1つ増やす' }).click();
    await expect.poll(() => cart.textContent()).toContain('ランチコース x 2');
    await cart.getByRole('button', { name: 'ランチコースを削除' }).click();
    await expect.poll(() => cart.textContent()).toContain('カートは空です');
    expect(await page.getByTestId('session-countdown').isHidden()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('moncafe.reservation.session'))).toBeNull();
  });

  it('ends the reservation session after 5 minutes with the spec alert and a return to the top, telling screen readers at one minute left', async () => {
    const page = await openPage();
    await page.clock.install();
    await page.goto('/reservation');
    await page.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await page.locator('article[data-ready="true"]').waitFor();
    dialogs.length = 0;
    const announcement = page.getByTestId('session-countdown').getByRole('status');
    expect(await announcement.textContent()).toBe('');
    await page.clock.fastForward('04:01');
    await expect.poll(() => announcement.textContent()).toBe('予約の残り時間はあと1分です。お急ぎください。');
    await page.clock.fastForward('00:29');
    expect(dialogs).toEqual([]);
    await page.clock.fastForward('00:31');
    await page.waitForURL('**/moncafe');
    expect(dialogs).toEqual(['予約セッションの有効期限が切れました。トップページに戻り、最初から予約をやり直してください。']);
    expect(await page.evaluate(() => localStorage.getItem('moncafe.reservation.cart'))).toBeNull();
  });

  it('on a desktop screen (1280x800), books a lunch for two by the calendar day names and the keyboard, confirms by mail, and cancels from the confirmed card back home; signed in, the contact form starts from the account', async () => {
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates;
    const date = dates[2] ?? dates.at(-1)!;
    const time = (await httpClient(server.url).post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 2, menuIds: [LUNCH] })).body
      .times[0]!;
    const desktop = await offlineContext(browser, server.url, { viewport: { width: 1280, height: 800 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
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
      // Signing up signs nobody in (decision 051): a verification mail comes, and the customer signs in.
      expect((await smtp.next('ichiro@example.jp')).text).toContain('/verify-email?token=');
      expect((await desktop.request.post('/api/auth/login', { data: { email: 'ichiro@example.jp', password: 'ichiro-password-1' } })).status()).toBe(200);
      await page.goto('/reservation');
      // The header shows who is signed in, with the reservation history.
      expect(await page.getByTestId('signed-in-name').textContent()).toBe('鈴木一郎 様');
      await page.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toContain('2,420円');
      await page.getByRole('button', { name: '日付と詳細記入に進む' }).click();

      await page.waitForURL('**/reservation/day');
      await page.getByLabel('人数').selectOption('2');
      await showMonthOf(page, date);
      // A screen reader hears the date in words and that it can be booked; the chosen day is pressed.
      const day = page.getByRole('button', { name: `${japaneseDate(date)} 予約可`, exact: true });
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
      await problems.screen(page, 'reservation-desktop-1-day');
      await page.getByRole('button', { name: '次へ（詳細入力へ）' }).click();

      // No option for the lunch: straight to the contact form, name and e-mail from the account,
      // the phone typed and the form sent from the keyboard, then the review sent.
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
      await page.waitForURL('**/customer-information?step=review');
      expect(await page.getByTestId('review-total').textContent()).toBe('2,420円');
      await problems.screen(page, 'reservation-desktop-2-review');
      await page.getByRole('button', { name: '確認メールを送信' }).click();
      await page.waitForURL('**/reservation-email-sent?email=*');

      const request = await smtp.next('ichiro@example.jp');
      await page.goto(pathOf(request.text, '/confirm-reservation?token='));
      await page.getByTestId('confirm-success').waitFor();
      expect(await page.getByTestId('reservation-facts').textContent()).toContain(time);
      await problems.screen(page, 'reservation-desktop-3-confirmed');
      const cancelLink = new URL(pathOf((await smtp.next('ichiro@example.jp')).text, '/reservation/cancel?reservation_id='), server.url);
      const check = () =>
        httpClient(server.url).post<{ reservation: { status: string } }>('/api/customer-cancel/check', {
          reservation_id: cancelLink.searchParams.get('reservation_id'),
          email: cancelLink.searchParams.get('email'),
        });
      expect((await check()).body.reservation.status).not.toBe('cancelled');

      // Cancel from the confirmed card: asked first, cancelled by the link's token, then home; the mail follows.
      asked.length = 0;
      await page.getByTestId('confirm-success').getByRole('button', { name: '予約をキャンセルする' }).click();
      await page.waitForURL('**/moncafe');
      expect(asked).toEqual(['本当にこの予約をキャンセルしますか？']);
      expect((await check()).body.reservation.status).toBe('cancelled');
      expect((await smtp.next('ichiro@example.jp')).subject).toBe('【MonCafe 駅前店】ご予約をキャンセルしました');
    } finally {
      await desktop.close();
    }
  });
});
