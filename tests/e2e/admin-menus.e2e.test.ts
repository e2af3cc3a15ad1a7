import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { showMonthOf } from '../reservation/booking-steps';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, waitForAnswer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, browserSuite } from '../support/browser';

const runs = browserAvailable();
const STORE = '2';
const NAME = '桜のシフォンケーキ';

/**
 * An owner sets up a course on a tablet-sized screen (/admin/menu-add, /admin/menu-manager) and
 * a customer sees each change: the new price on /menu and in the reservation course list, the
 * option and its display rule on the details screen, and the item gone once hidden or removed.
 */
describe.runIf(runs)('the menu editor in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));
  const contexts: BrowserContext[] = [];

  async function adminPage(): Promise<Page> {
    const context = await offlineContext(browser, server.url, desktop);
    contexts.push(context);
    await context.addInitScript((store) => window.localStorage.setItem('adminStoreId', store), STORE);
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
    return problems.watch(await context.newPage());
  }
  /** A visitor who has never been here (nothing kept from an earlier visit). */
  async function customerPage(): Promise<Page> {
    const context = await offlineContext(browser, server.url, desktop);
    contexts.push(context);
    return problems.watch(await context.newPage());
  }

  beforeAll(async () => {
    await waitForAnswer(
      () => httpClient(server.url).getJson<unknown[]>(`/api/admin/menu?store_id=${STORE}`),
      (a) => a.body.length > 5,
      1200,
    );
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('creates an item with a picture (refusing a file that is not one, or too large), edits its price, adds an option with a rule, and hides then removes it — each seen where customers look', async () => {
    const admin = await adminPage();
    await admin.goto('/admin/menu-add');
    await admin.locator('.sa-page[data-ready="true"]').waitFor();
    const form = admin.getByTestId('menu-item-form');
    await form.getByLabel('名前', { exact: true }).fill(NAME);
    await form.getByLabel('価格（円）').fill('650');
    await form.getByLabel('説明', { exact: true }).fill('春だけの、ふんわり桜風味。');
    await form.getByLabel('予約コースに表示').check();

    // A file that is not a picture, and one that is too large: said plainly, nothing kept.
    const picture = form.getByLabel('画像', { exact: true });
    await picture.setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a picture</html>') });
    await expect.poll(() => form.getByTestId('image-error').textContent()).toBe('画像ファイル（PNG・JPEG・WebP）を選んでください。この形式は使えません。');
    expect(await form.getByTestId('item-image').count()).toBe(0);
    await picture.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(9 * 1024 * 1024, 1) });
    await expect.poll(() => form.getByTestId('image-error').textContent()).toBe('画像が大きすぎます（8MBまで）。小さい画像を選んでください。');
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 240, g: 180, b: 200 } } })
      .png()
      .toBuffer();
    await picture.setInputFiles({ name: 'sakura.png', mimeType: 'image/png', buffer: png });
    await form.getByTestId('item-image').waitFor();
    expect(await form.getByTestId('image-error').count()).toBe(0);
    const imageUrl = await form.getByTestId('item-image').getAttribute('src');
    expect(imageUrl).toMatch(/^\/api\/menu-images\/[0-9a-f]{64}$/);
    await problems.screen(admin, 'admin-menu-add');
    await form.getByRole('button', { name: '登録' }).click();
    await expect.poll(() => admin.getByTestId('notice').first().textContent()).toBe(`「${NAME}」を登録しました`);

    // The manager: edit the price.
    await admin.goto('/admin/menu-manager');
    await admin.locator('.sa-page[data-ready="true"]').waitFor();
    const id = (await admin.locator('li[data-id]', { hasText: NAME }).getAttribute('data-id'))!;
    // While edited, the name is in a field: the row is found by its id.
    const row = admin.locator(`li[data-id="${id}"]`);
    await row.getByRole('button', { name: `${NAME} 編集` }).click();
    await row.getByLabel('価格（円）').fill('720');
    await row.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => admin.getByTestId('notice').first().textContent()).toBe('保存しました');
    await expect.poll(() => row.textContent()).toContain('¥720');

    // An option with two choices, a second one, and the rule that shows the second for 大.
    await row.getByRole('button', { name: `${NAME} オプション` }).click();
    const options = admin.getByTestId(`options-editor-${id}`);
    const addOption = async (label: string, type: string, choices: [string, string][]) => {
      const details = options.locator('details.sa-editor');
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
      const optionForm = details.getByTestId('option-form');
      await optionForm.getByLabel('項目名').fill(label);
      await optionForm.getByLabel('種類').selectOption(type);
      for (const [i, [choice, extra]] of choices.entries()) {
        await optionForm.getByRole('button', { name: '選択肢を追加' }).click();
        await optionForm.getByLabel('選択肢名').nth(i).fill(choice);
        await optionForm.getByLabel('追加料金（円）').nth(i).fill(extra);
      }
      await optionForm.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => options.getByTestId('option-list').textContent()).toContain(label);
    };
    await addOption('サイズ', 'radio', [
      ['小', '0'],
      ['大', '300'],
    ]);
    await addOption('メッセージ', 'text', []);
    expect(await options.getByTestId('option-list').textContent()).toContain('小、大（+300円）');
    const rule = options.getByTestId('dependency-form');
    await rule.getByLabel('親の項目').selectOption({ label: 'サイズ' });
    await rule.getByLabel('親の値').selectOption({ label: '大' });
    await rule.getByLabel('表示する子の項目').selectOption({ label: 'メッセージ' });
    await rule.getByRole('button', { name: '表示条件を追加' }).click();
    await expect.poll(() => options.getByTestId('dependency-list').textContent()).toContain('「サイズ」が「大」のとき「メッセージ」を表示');

    // The preview: メッセージ appears only once 大 is chosen. The editor's preview shows the option's
    // price as the owner entered it; the guest's steps below show it with tax (decision 632).
    const preview = options.getByTestId('options-preview');
    expect(await preview.getByLabel('メッセージ').count()).toBe(0);
    await preview.getByLabel('大（+300円）').check();
    await preview.getByLabel('メッセージ').waitFor();
    await preview.getByLabel('小').check();
    await expect.poll(() => preview.getByLabel('メッセージ').count()).toBe(0);
    await problems.screen(admin, 'admin-menu-manager');

    // A customer: the new price on /menu and in the course list, the option and its rule on the details screen.
    const guest = await customerPage();
    await guest.goto('/menu');
    const card = guest.getByTestId('menu-card').filter({ hasText: NAME });
    // Tax included on /menu (decision 518) and in the booking steps (decision 632).
    await expect.poll(() => card.locator('.price').textContent()).toBe('¥792');
    expect(await card.locator('img').getAttribute('src')).toBe(imageUrl);
    await guest.goto('/reservation');
    const course = guest.getByTestId('course').filter({ hasText: NAME });
    expect(await course.locator('.price').textContent()).toBe('792円');
    await course.getByRole('button', { name: 'カートに追加' }).click();
    await expect.poll(() => guest.getByTestId('cart').textContent()).toContain(`${NAME} x 1 = 792円`);
    await guest.getByRole('button', { name: '日付と詳細記入に進む' }).click();
    await guest.waitForURL('**/reservation/day');
    await guest.getByTestId('people').selectOption('2');
    const dates = (await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [id] })).body.dates;
    const date = dates[1] ?? dates[0]!;
    const times = (await httpClient(server.url).post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 2, menuIds: [id] })).body.times;
    await showMonthOf(guest, date);
    await guest.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    await guest.getByTestId('times').getByRole('button', { name: times[0]!, exact: true }).click();
    await guest.getByRole('button', { name: '次へ（詳細入力へ）' }).click();
    await guest.waitForURL('**/reservation-details');
    const section = guest.getByTestId(`options-${id}`);
    await section.getByLabel('大（+330円）').waitFor();
    expect(await section.getByLabel('メッセージ').count()).toBe(0);
    await section.getByLabel('大（+330円）').check();
    await section.getByLabel('メッセージ').fill('はるのおいわい');
    await section.getByLabel('小', { exact: true }).check();
    await expect.poll(() => section.getByLabel('メッセージ').count()).toBe(0);
    await problems.screen(guest, 'admin-menus-customer-details');

    // Hidden: gone from the course list at once, and from /menu for a visitor.
    await row.getByRole('button', { name: `${NAME} 非表示にする` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '非表示にする' }).click();
    await expect.poll(() => admin.getByTestId('notice').first().textContent()).toBe(`「${NAME}」を非表示にしました`);
    await expect.poll(() => row.textContent()).toContain('非表示');
    await guest.goto('/reservation');
    await guest.getByTestId('courses').waitFor();
    expect(await guest.getByTestId('course').filter({ hasText: NAME }).count()).toBe(0);
    const visitor = await customerPage();
    await visitor.goto('/menu');
    await visitor.getByTestId('menu-list').waitFor();
    expect(await visitor.getByTestId('menu-card').filter({ hasText: NAME }).count()).toBe(0);

    // Removed (nothing refers to it: the guest never sent the booking), after a confirmation.
    await row.getByRole('button', { name: `${NAME} 削除` }).click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.textContent()).toContain(`「${NAME}」を削除しますか？`);
    await dialog.getByRole('button', { name: '削除' }).click();
    await expect.poll(() => admin.getByTestId('notice').first().textContent()).toBe(`「${NAME}」を削除しました`);
    await expect.poll(() => admin.locator(`li[data-id="${id}"]`).count()).toBe(0);
    const answer = (await httpClient(server.url).post<{ options?: unknown[] }>('/api/customer-detail', { menuId: id })).body;
    expect(answer.options ?? []).toEqual([]);
  });

  it('answers an item a reservation names with why it cannot be removed, and hides it instead', async () => {
    const admin = await adminPage();
    await admin.goto('/admin/menu-manager');
    await admin.locator('.sa-page[data-ready="true"]').waitFor();
    const target = 'course-lunch';
    const client = httpClient(server.url);
    const { dates } = (await client.post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [target] })).body;
    const { times } = (await client.post<{ times: string[] }>('/api/customery-day/available-times', { date: dates[0], people: 2, menuIds: [target] })).body;
    expect((await client.post('/api/customery-day/allocate-seat', { date: dates[0], time: times[0], people: 2, menuIds: [target] })).status).toBe(200);
    const sent = await client.post('/api/reservation-confirmation/send-confirmation', {
      name: '予約 花子',
      email: 'hanako@example.jp',
      phone: '090-1234-5678',
      reservationData: { date: dates[0], time: times[0], people: 2, cart: [{ menu_id: target, quantity: 1 }], detail: {} },
    });
    expect(sent.status).toBe(200);

    const row = admin.locator(`li[data-id="${target}"]`);
    const name = (await row.locator('strong').first().textContent())!;
    await row.getByRole('button', { name: `${name} 削除` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect.poll(() => admin.getByTestId('notice').first().textContent()).toMatch(/^予約\d+件・注文\d+件で使われているため削除できません。非表示にすると/);
    expect(await admin.getByTestId('notice').first().getAttribute('role')).toBe('alert');
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: `${name} 非表示にする` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '非表示にする' }).click();
    await expect.poll(() => row.textContent()).toContain('非表示');
  });
});
