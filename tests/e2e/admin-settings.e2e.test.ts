import { japaneseDate } from '../support/japanese';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { until } from '../support/until';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext } from '../support/browser';
import { LUNCH, browserSuiteWithMail } from '../reservation/booking-steps';
import type { startSmtpSink } from '../reservation/smtp-sink';

const runs = browserAvailable();
const STORE = '2';

const pathOf = (text: string, start: string) => {
  const match = new RegExp(`https?://\\S+?(${start.replace(/[/?]/g, '\\$&')}\\S*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${start} link in mail:\n${text}`);
  return match[1];
};

/**
 * The admin's site settings on a desktop screen, each change checked where guests see it: a closed
 * day on the homepage calendar and the reservation day screen, a card on /moncafe (added, edited,
 * reordered by keyboard and by drag, removed), a notice in the confirmation mail, staff told of the
 * booking by mail, and the disclaimer on the review step.
 */
describe.runIf(runs)('admin site settings in the browser', () => {
  let server: TestWebServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems = browserSuiteWithMail((started) => ({ server, smtp, browser } = started));

  beforeAll(async () => {
    context = await offlineContext(browser, server.url, desktop);
    await context.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
    page = problems.watch(await context.newPage());
    page.setDefaultTimeout(20_000);
    page.on('dialog', (dialog) => void dialog.accept());
  });

  /** A guest's fresh page (no admin cookie, nothing cached). */
  async function guestPage() {
    const guest = await offlineContext(browser, server.url, desktop);
    const opened = problems.watch(await guest.newPage());
    opened.setDefaultTimeout(20_000);
    return { guest, page: opened };
  }

  async function bookableDate() {
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates;
    // A date of the current month when there is one (the homepage calendar opens on it).
    return dates.find((d) => d.slice(0, 7) === dates[0]!.slice(0, 7) && d > dates[0]!) ?? dates[1]!;
  }

  it('営業時間設定 saves the week, the holidays and same-day booking with one 保存 (decision 353)', async () => {
    await page.goto(`/admin/business-hours`);
    const week = page.getByTestId('week-form');
    await week.waitFor();
    expect(await week.getByRole('button', { name: '保存' }).count(), 'one 保存 for the week').toBe(1);
    const tuesday = () => week.getByRole('group', { name: '火曜日' });
    const deadline = () => week.getByLabel('当日予約の締切時刻（空欄は閉店まで）');
    const before = {
      closed: await tuesday().getByLabel('定休日').isChecked(),
      open: await tuesday().getByLabel('開店', { exact: true }).inputValue(),
      close: await tuesday().getByLabel('閉店', { exact: true }).inputValue(),
      deadline: await deadline().inputValue(),
    };
    const fill = async (v: typeof before) => {
      await tuesday().getByLabel('定休日').setChecked(v.closed);
      if (!v.closed) {
        await tuesday().getByLabel('開店', { exact: true }).fill(v.open);
        await tuesday().getByLabel('閉店', { exact: true }).fill(v.close);
      }
      await deadline().fill(v.deadline);
      await week.getByTestId('week-save').click();
      await week.getByRole('status').filter({ hasText: '保存しました' }).waitFor();
      await page.reload();
      await week.waitFor();
    };
    await fill({ closed: false, open: '08:30', close: '17:30', deadline: '10:15' });
    expect(await tuesday().getByLabel('開店', { exact: true }).inputValue()).toBe('08:30');
    expect(await tuesday().getByLabel('閉店', { exact: true }).inputValue()).toBe('17:30');
    expect(await deadline().inputValue()).toBe('10:15');
    await problems.screen(page, 'admin-business-hours-one-save');
    // Back as the demo had it, for the tests after this one.
    await fill(before);
    expect(await deadline().inputValue()).toBe(before.deadline);
  });

  it('a date closed at /admin/business-hours shows 休 on the homepage calendar and the day screen, opens with the edited hours, and follows the weekday again when its rule is removed', async () => {
    const date = await bookableDate();
    await page.goto(`/admin/business-hours`);
    await page.getByTestId('business-hours').waitFor();
    for (let i = 0; i < 3 && (await page.locator(`td[data-date="${date}"]`).count()) === 0; i++) await page.getByRole('button', { name: '次の月' }).click();
    await page.locator(`td[data-date="${date}"] button`).click();
    const editor = page.getByTestId('date-editor');
    await editor.getByLabel('定休日').check();
    await editor.getByRole('button', { name: `${japaneseDate(date)} の営業時間 保存` }).click();
    await editor.getByRole('status').filter({ hasText: '保存しました' }).waitFor();
    await expect.poll(() => page.locator(`td[data-date="${date}"]`).getAttribute('class')).toContain('closed');

    const { guest, page: home } = await guestPage();
    await home.goto('/moncafe');
    const calendar = home.getByTestId('calendar-card');
    for (let i = 0; i < 2 && (await calendar.locator(`td[data-date="${date}"]`).count()) === 0; i++)
      await calendar.getByRole('button', { name: '次の月' }).click();
    expect(await calendar.locator(`td[data-date="${date}"]`).getAttribute('class')).toContain('closed');
    expect(await calendar.locator(`td[data-date="${date}"]`).textContent()).toContain('休');

    // The day screen: a lunch in the cart, the date marked closed.
    await home.goto('/reservation');
    await home.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await home.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await home.waitForURL('**/reservation/day');
    await home.locator('article[data-ready="true"]').waitFor();
    for (let i = 0; i < 3 && (await home.locator(`td[data-date="${date}"]`).count()) === 0; i++) await home.getByRole('button', { name: '次の月' }).click();
    await expect.poll(() => home.locator(`td[data-date="${date}"]`).textContent()).toContain('休');
    await guest.close();

    // Edited: the same date opens 11:00–16:00, and the day screen's times keep inside those hours.
    await editor.getByLabel('定休日').uncheck();
    await editor.getByLabel('開店', { exact: true }).fill('11:00');
    await editor.getByLabel('閉店', { exact: true }).fill('16:00');
    await editor.getByRole('button', { name: `${japaneseDate(date)} の営業時間 保存` }).click();
    const timesOf = async () =>
      (await httpClient(server.url).post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 2, menuIds: [LUNCH] })).body.times ?? [];
    await expect.poll(async () => (await timesOf()).length).toBeGreaterThan(0);
    const times = await timesOf();
    expect(times[0]! >= '11:00' && times.at(-1)! < '16:00', times.join(' ')).toBe(true);
    await expect.poll(() => page.locator(`td[data-date="${date}"]`).getAttribute('class')).not.toContain('closed');

    // Removed: the weekday's hours decide again.
    await page.getByRole('button', { name: '個別設定を削除' }).click();
    await expect.poll(() => page.locator(`td[data-date="${date}"]`).getAttribute('class')).not.toContain('closed');
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [LUNCH] })).body.dates;
    expect(dates).toContain(date);
  });

  it('a homepage card is added with a picture, edited, moved by keyboard and by drag, and removed, on /moncafe each time; a file that is not a picture is refused', async () => {
    const titlesOnHome = async () => {
      const { guest, page: home } = await guestPage();
      await home.goto('/moncafe');
      // The owner's cards, not the list of stores the homepage shows above them where several are open.
      const titles = await home
        .getByTestId('home-cards')
        .locator(':scope > *')
        .evaluateAll((cards) => cards.map((c) => c.querySelector('h2, h3')?.textContent?.trim() ?? ''));
      await guest.close();
      return titles;
    };
    await page.goto('/admin/homepage-settings');
    await page.getByTestId('homepage-settings').waitFor();
    const add = page.locator('section[aria-labelledby="add-card-title"]');
    // Not a picture (text named .png): refused with a clear message.
    await add.getByLabel(/画像をアップロード/).setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await add.getByRole('alert').filter({ hasText: '画像ファイル（PNG・JPEG・WebP）を選んでください。' }).waitFor();
    // A real PNG (1×1).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await add.getByLabel(/画像をアップロード/).setInputFiles({ name: 'autumn.png', mimeType: 'image/png', buffer: png });
    await add.getByTestId('card-image-preview').waitFor();
    await add.getByLabel('タイトル', { exact: true }).fill('秋の新メニュー');
    await add.getByLabel('説明', { exact: true }).fill('栗のモンブランが始まりました');
    await add.getByLabel('英語のタイトル（任意）').fill('New for autumn');
    await add.getByLabel(/リンク先/).fill('/menu');
    // A card about the first store (decision 456): named by it on the homepage, where two are open.
    await add.getByLabel('対象店舗').selectOption({ label: 'MonCafe 駅前店' });
    await add.getByRole('button', { name: '保存' }).click();
    const list = page.getByTestId('card-list');
    await list.locator('li', { hasText: '秋の新メニュー' }).waitFor();
    expect(await list.locator('li', { hasText: '秋の新メニュー' }).getByTestId('card-store-name').textContent()).toContain('MonCafe 駅前店');
    let titles = await titlesOnHome();
    expect(titles.at(-1)).toBe('秋の新メニュー');
    {
      const { guest, page: home } = await guestPage();
      await home.goto('/moncafe');
      expect(await home.getByTestId('home-cards').locator(':scope > *').last().getByTestId('card-store').textContent()).toBe('MonCafe 駅前店');
      await guest.close();
    }
    // The English title is kept for visitors who read English (decision 394).
    const saved = (await (await fetch(`${server.url}/api/admin/homepage-settings`)).json()) as { title: string; title_en: string }[];
    expect(saved.find((c) => c.title === '秋の新メニュー')?.title_en).toBe('New for autumn');
    const count = titles.length;

    await list.getByRole('button', { name: '秋の新メニュー 編集' }).click();
    await list
      .locator('li', { has: page.getByRole('button', { name: 'キャンセル' }) })
      .getByLabel('タイトル', { exact: true })
      .fill('秋の限定メニュー');
    await list.getByRole('button', { name: '保存' }).click();
    await list.locator('li', { hasText: '秋の限定メニュー' }).waitFor();
    expect((await titlesOnHome()).at(-1)).toBe('秋の限定メニュー');

    // Keyboard: the handle moves it up one place per ↑.
    const handle = list.getByRole('button', { name: '秋の限定メニュー を並べ替え（↑↓キーで移動）' });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await titlesOnHome()).indexOf('秋の限定メニュー')).toBe(count - 2);
    // Drag: onto the first card.
    // HTML5 drag and drop, as the browser fires it: dragstart on the card, dragover and drop on the first.
    const transfer = await page.evaluateHandle(() => new DataTransfer());
    await list.locator('li', { hasText: '秋の限定メニュー' }).dispatchEvent('dragstart', { dataTransfer: transfer });
    await list.locator('li').first().dispatchEvent('dragover', { dataTransfer: transfer });
    await list.locator('li').first().dispatchEvent('drop', { dataTransfer: transfer });
    await expect.poll(async () => (await titlesOnHome())[0]).toBe('秋の限定メニュー');

    await list.getByRole('button', { name: '秋の限定メニュー 削除' }).click();
    await list.locator('li', { hasText: '秋の限定メニュー' }).waitFor({ state: 'detached' });
    titles = await titlesOnHome();
    expect(titles).not.toContain('秋の限定メニュー');
    expect(titles).toHaveLength(count - 1);
  });

  it('a notice added at /admin/email-settings is in the confirmation mail, then edited and removed; staff chosen at /admin/notifications are told of the booking; the disclaimer is on the review step until emptied', async () => {
    await page.goto('/admin/email-settings');
    await page.getByTestId('email-settings').waitFor();
    const form = page.locator('section[aria-labelledby="notices-title"] > form');
    await form.getByLabel('見出し（任意）').fill('駐車場');
    await form.getByLabel('内容').fill('当店には駐車場がございません。');
    await form.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('notice-list').locator('li', { hasText: '当店には駐車場がございません。' }).waitFor();
    expect(await page.getByTestId('preview-confirmed').locator('pre').textContent()).toContain('・駐車場：当店には駐車場がございません。');

    await page.goto('/admin/notifications');
    await page.getByTestId('notification-settings').waitFor();
    await page.getByRole('button', { name: 'お知らせ先を追加' }).click();
    await page.getByLabel('メールアドレス').fill('manager@moncafe.test');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('status').filter({ hasText: '保存しました' }).waitFor();

    await page.goto('/admin/disclaimer');
    await page.getByTestId('disclaimer-settings').waitFor();
    await page.getByLabel('免責事項の本文').fill('アレルギーのある方は事前にご相談ください。');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('status').filter({ hasText: '保存しました' }).waitFor();

    // The guest's review step shows the disclaimer.
    const { guest, page: g } = await guestPage();
    await g.goto('/reservation');
    await g.locator('[data-testid="course"]', { hasText: 'ランチコース' }).getByRole('button', { name: 'カートに追加' }).click();
    await g.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await g.waitForURL('**/reservation/day');
    await g.locator('article[data-ready="true"]').waitFor();
    await g.getByLabel('人数').selectOption('2');
    const date = await bookableDate();
    for (let i = 0; i < 3 && (await g.locator(`td[data-date="${date}"]`).count()) === 0; i++) await g.getByRole('button', { name: '次の月' }).click();
    await g.locator(`td[data-date="${date}"] button`).click();
    await g.getByTestId('times').getByRole('button').first().click();
    await g.getByRole('button', { name: '次へ（詳細入力へ）' }).click();
    await g.waitForURL('**/customer-information');
    await g.getByLabel('お名前').fill('佐藤 次郎');
    await g.getByLabel('メールアドレス').fill('jiro@example.jp');
    for (const [i, part] of ['03', '1234', '5678'].entries()) await g.getByLabel(`電話番号${i + 1}`, { exact: true }).fill(part);
    await g.getByRole('button', { name: '入力内容を確認する' }).click();
    await g.waitForURL('**/customer-information?step=review');
    const disclaimer = g.getByTestId('reservation-disclaimer');
    await disclaimer.waitFor();
    expect(await disclaimer.textContent()).toContain('アレルギーのある方は事前にご相談ください。');
    await g.getByRole('button', { name: '確認メールを送信' }).click();
    await g.waitForURL('**/reservation-email-sent?email=*');
    await guest.close();

    // The mail carries the notice; confirming the booking tells the manager, once.
    const request = await smtp.next('jiro@example.jp');
    expect(request.text).toContain('・駐車場：当店には駐車場がございません。');
    const token = new URLSearchParams(pathOf(request.text, '/confirm-reservation?token=').split('?')[1]).get('token')!;
    expect((await httpClient(server.url).get(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`)).status).toBe(200);
    const confirmed = await smtp.next('jiro@example.jp');
    expect(confirmed.text).toContain('・駐車場：当店には駐車場がございません。');
    // The manager's mail comes from the notification reactor, in its own time: taken from all received.
    const toManager = () => smtp.received.filter((m) => m.to.includes('manager@moncafe.test'));
    await until(() => toManager().length > 0, { what: 'the manager notification' });
    const told = toManager()[0]!;
    expect(told.subject).toMatch(/^【MonCafe 駅前店】新しいご予約 /);
    expect(told.text).toContain('お名前：佐藤 次郎 様');
    // Opening the link again (already confirmed) tells nobody again.
    expect((await httpClient(server.url).get(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`)).status).toBe(200);
    expect(toManager()).toHaveLength(1);

    // Edited, the notice reads anew where guests get notices (the call the confirm and cancel pages
    // read, the mails' preview); removed, after a confirmation, it is gone from both.
    const publicNotices = async () => JSON.stringify((await httpClient(server.url).getJson('/api/admin/email-settings/notices')).body);
    await page.goto('/admin/email-settings');
    await page.getByTestId('email-settings').waitFor();
    await page.getByRole('button', { name: '駐車場 編集' }).click();
    const editing = page.getByTestId('notice-list').locator('form');
    await editing.getByLabel('内容').fill('近隣のコインパーキングをご利用ください。');
    await editing.getByRole('button', { name: '保存' }).click();
    await page.getByTestId('notice-list').locator('li', { hasText: '近隣のコインパーキングをご利用ください。' }).waitFor();
    // The list shows the saved notice as soon as the save is answered; the preview follows when the page's data is read again.
    await expect.poll(() => page.getByTestId('preview-confirmed').locator('pre').textContent()).toContain('・駐車場：近隣のコインパーキングをご利用ください。');
    expect(await publicNotices()).toContain('近隣のコインパーキングをご利用ください。');
    await page.getByRole('button', { name: '駐車場 削除' }).click();
    await expect.poll(() => page.getByTestId('notice-list').locator('li', { hasText: '駐車場' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('preview-confirmed').locator('pre').textContent()).not.toContain('駐車場');
    expect(await publicNotices()).not.toContain('駐車場');

    // An emptied disclaimer is no longer offered to guests.
    await page.goto('/admin/disclaimer');
    await page.getByTestId('disclaimer-settings').waitFor();
    await page.getByLabel('免責事項の本文').fill('');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('status').filter({ hasText: '保存しました' }).waitFor();
    expect((await httpClient(server.url).getJson<{ content: string }>('/api/admin/disclaimer')).body.content).toBe('');
  });
});
