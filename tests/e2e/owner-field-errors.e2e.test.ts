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

/** A refused control: marked invalid, described by exactly `words`, and still holding what was typed. */
async function refusedBeside(page: Page, control: Locator, words: string, typed: string): Promise<void> {
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  expect(await describedBy(page, control)).toBe(words);
  expect(await control.inputValue()).toBe(typed);
}

/** A step's text: labelled by its number, the text typed in it read as part of its name. */
const stepText = (form: Locator, n: number) => form.getByRole('textbox', { name: new RegExp(`^手順${n}`) });

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
    await refusedBeside(page, number, '登録番号は「T」と13桁の数字（検査用数字が正しいもの）で入力してください。', 'T1234567890123');
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
    await refusedBeside(page, end, '終了時刻は開始時刻より後にしてください', '09:00');
    expect(await start.getAttribute('aria-invalid')).toBeNull();
    await problems.screen(page, 'owner-field-errors-2-recruit-times');
    await page.close();
  });

  it('a weekday that closes before it opens is refused beside its close, the times kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto(`/admin/business-hours?store_id=${STORE}`);
    const monday = page.getByTestId('week-form').getByRole('group', { name: '月曜日' });
    const closed = monday.getByLabel('定休日');
    if (await closed.isChecked()) await closed.uncheck();
    await monday.getByLabel('開店').fill('20:00');
    const close = monday.getByLabel('閉店');
    await close.fill('10:00');
    await page.getByTestId('week-save').click();
    await refusedBeside(page, close, '月曜日の閉店：閉店時刻は開店時刻より後にしてください', '10:00');
    expect(await monday.getByLabel('開店').getAttribute('aria-invalid')).toBeNull();
    await problems.screen(page, 'owner-field-errors-3-business-hours');
    await page.close();
  });

  it('a recipient address the mail cannot reach is refused beside it, the address kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto(`/admin/notifications?store_id=${STORE}`);
    const settings = page.getByTestId('notification-settings');
    await settings.getByRole('button', { name: 'お知らせ先を追加' }).click();
    const address = settings.getByLabel('メールアドレス').last();
    await address.fill('owner@cafe');
    await settings.getByRole('button', { name: '保存' }).click();
    await refusedBeside(page, address, '「メールアドレス」の形式が正しくありません', 'owner@cafe');
    await problems.screen(page, 'owner-field-errors-4-notifications');
    await page.close();
  });

  it('a homepage card linking to neither a path nor a web address is refused beside its link', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/homepage-settings');
    const form = page.getByRole('region', { name: 'カードを追加' });
    await form.getByLabel('タイトル', { exact: true }).fill('季節のメニュー');
    const link = form.getByLabel('リンク先（/から始まるパスまたはhttp(s)のURL）');
    await link.fill('example.com/menu');
    await form.getByRole('button', { name: '保存' }).click();
    await refusedBeside(page, link, '「リンク先（/から始まるパスまたはhttp(s)のURL）」の形式が正しくありません', 'example.com/menu');
    expect(await form.getByLabel('タイトル', { exact: true }).inputValue()).toBe('季節のメニュー');
    await problems.screen(page, 'owner-field-errors-5-homepage-card');
    await page.close();
  });

  it('a notice of nothing but spaces is refused beside its content, the spaces kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/email-settings');
    const settings = page.getByTestId('email-settings');
    const content = settings.getByLabel('内容', { exact: true });
    await content.fill('   ');
    await settings.getByRole('button', { name: '保存' }).last().click();
    await refusedBeside(page, content, '「内容」を入力してください', '   ');
    await problems.screen(page, 'owner-field-errors-6-notice');
    await page.close();
  });

  it('a disclaimer longer than its limit is refused beside its text, the text kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto(`/admin/disclaimer?store_id=${STORE}`);
    const content = page.getByLabel('免責事項の本文');
    // Past the browser's own limit, as a page from before the limit or a pasted text would send it.
    await content.evaluate((area) => area.removeAttribute('maxlength'));
    const long = 'x'.repeat(5001);
    await content.fill(long);
    await page.getByTestId('disclaimer-settings').getByRole('button', { name: '保存' }).click();
    await refusedBeside(page, content, '「内容」は5000文字以内で入力してください', long);
    await problems.screen(page, 'owner-field-errors-7-disclaimer');
    await page.close();
  });

  it('a store phone that is not a number is refused beside it, the store’s fields kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/stores');
    const form = page.getByRole('region', { name: '店舗を追加' });
    await form.getByLabel('店舗名').fill('MonCafe 新店');
    await form.getByLabel('住所').fill('東京都渋谷区1-2-3');
    const phone = form.getByLabel('電話番号');
    await phone.fill('call us');
    await form.getByRole('button', { name: '追加する' }).click();
    await refusedBeside(page, phone, '「電話番号」の形式が正しくありません', 'call us');
    expect(await form.getByLabel('店舗名').inputValue()).toBe('MonCafe 新店');
    await problems.screen(page, 'owner-field-errors-8-store');
    await page.close();
  });

  // The seats editor and the staff area's editors (the opening tasks, the suppliers) share one list editor.
  it.each([
    ['a seat', '/admin/seats', '座席を追加', '座席名', 'owner-field-errors-9-seat'],
    ['an opening task', '/admin/opening-prep', '新しいタスク', 'タスク内容', 'owner-field-errors-10-opening-task'],
    ['a supplier', '/admin/order', '仕入れ先情報：追加', '仕入れ先名', 'owner-field-errors-11-supplier'],
  ])('%s of nothing but spaces is refused beside its field, the spaces kept', async (_what, path, region, label, screen) => {
    const page = problems.watch(await context.newPage());
    await page.goto(path);
    const form = page.getByRole('region', { name: region });
    const field = form.getByLabel(label);
    await field.fill('   ');
    await form.getByRole('button', { name: '追加' }).click();
    await refusedBeside(page, field, `「${label}」を入力してください`, '   ');
    await problems.screen(page, screen);
    await page.close();
  });

  it('a recipe cooking longer than a day is refused beside its cooking time, the recipe kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/recipe-manager');
    const form = page.getByRole('region', { name: '新しいレシピ' });
    await form.getByLabel('レシピ名').fill('煮込みハンバーグ');
    const time = form.getByLabel('調理時間（分）');
    await time.fill('2000');
    await form.getByRole('button', { name: '追加', exact: true }).click();
    await refusedBeside(page, time, '「調理時間（分）」は1440以下で入力してください', '2000');
    expect(await form.getByLabel('レシピ名').inputValue()).toBe('煮込みハンバーグ');
    expect(await form.getByLabel('レシピ名').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByTestId('notice').count()).toBe(0);
    await problems.screen(page, 'owner-field-errors-12-recipe');
    await page.close();
  });

  it('a recipe step longer than its limit is refused beside that step, the text kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/recipe-manager');
    const form = page.getByRole('region', { name: '新しいレシピ' });
    await form.getByLabel('レシピ名').fill('季節のタルト');
    await form.getByRole('button', { name: '手順を追加' }).click();
    await form.getByRole('button', { name: '手順を追加' }).click();
    const long = 'x'.repeat(2001);
    const second = stepText(form, 2);
    await second.fill(long);
    await form.getByRole('button', { name: '追加', exact: true }).click();
    await refusedBeside(page, second, '「手順」は2000文字以内で入力してください', long);
    expect(await stepText(form, 1).getAttribute('aria-invalid')).toBeNull();
    await page.close();
  });

  it('a serve method heading longer than its limit is refused beside the heading, the heading kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/serve-method-manager');
    await page.getByLabel('メニューを選択：').selectOption('menu-blend');
    const form = page.getByRole('region', { name: '新しい提供方法' });
    const title = form.getByLabel('見出し（任意）');
    const long = 'あ'.repeat(101);
    await title.fill(long);
    await stepText(form, 1).fill('グラスに氷を入れる。');
    await form.getByRole('button', { name: '追加', exact: true }).click();
    await refusedBeside(page, title, '「見出し（任意）」は100文字以内で入力してください', long);
    expect(await stepText(form, 1).inputValue()).toBe('グラスに氷を入れる。');
    await problems.screen(page, 'owner-field-errors-13-serve-method');
    await page.close();
  });

  it('a store staff wage past its limit is refused beside that wage, the wage kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto('/admin/users');
    const staff = page.getByTestId('store-staff');
    const row = staff.getByRole('row', { name: /佐藤 花子/ });
    const wage = row.getByLabel('佐藤 花子 時給（円）');
    await expect.poll(() => wage.inputValue()).toBe('1250');
    // Past the browser's own limit, as a pasted or scripted value would send it.
    await wage.evaluate((input) => input.removeAttribute('max'));
    await wage.fill('200000');
    await row.getByRole('button', { name: '保存' }).click();
    await refusedBeside(page, wage, '「時給（円）」は100000以下で入力してください', '200000');
    // Said once, beside the wage: no message for the whole section.
    expect(await staff.getByTestId('notice').count()).toBe(0);
    await problems.screen(page, 'owner-field-errors-14-staff-wage');
    await page.close();
  });

  it('an address listed twice is refused beside the second, in Japanese, both addresses kept', async () => {
    const page = problems.watch(await context.newPage());
    await page.goto(`/admin/notifications?store_id=${STORE}`);
    const settings = page.getByTestId('notification-settings');
    await settings.getByRole('button', { name: 'お知らせ先を追加' }).click();
    await settings.getByRole('button', { name: 'お知らせ先を追加' }).click();
    const first = settings.getByLabel('メールアドレス').nth(-2);
    const second = settings.getByLabel('メールアドレス').last();
    await first.fill('kitchen@moncafe.example');
    await second.fill('Kitchen@moncafe.example');
    await settings.getByRole('button', { name: '保存' }).click();
    await refusedBeside(page, second, '「メールアドレス」が他のお知らせ先と重複しています', 'Kitchen@moncafe.example');
    expect(await first.getAttribute('aria-invalid')).toBeNull();
    expect(await first.inputValue()).toBe('kitchen@moncafe.example');
    // Said once, beside the address: no message for the whole form.
    expect(await settings.getByRole('alert').count()).toBe(1);
    await problems.screen(page, 'owner-field-errors-15-notification-twice');
    await page.close();
  });
});
