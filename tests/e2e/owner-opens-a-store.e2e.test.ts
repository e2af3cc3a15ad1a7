import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { browserAvailable, browserSuite, desktop, offlineContext, phone } from '../support/browser';
import {
  DEMO_STORE,
  expectOrderInItsKitchenOnly,
  firstStoreStaffBrowser,
  guestPhone,
  ownerContext,
  staffBrowser,
  startTableOrderServer,
} from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { startSmtpSink } from '../reservation/smtp-sink';

const runs = browserAvailable();
const STORE = { name: 'MonCafe 東口テラス店', postalCode: '160-0022', address: '東京都新宿区新宿3-38-1', phone: '03-5555-0101' };
/** Where the owner puts the new store, and where its guests' phones are. */
const AT_NEW_STORE = { lat: 35.69051, lng: 139.70248, accuracy: 20 };
/** The one item the new store sells: a course guests book and a dish they order at the table. */
const ITEM = '東口テラスのランチプレート';
const GUEST = { name: '東口 花子', email: 'higashiguchi@example.jp' };

const pathOf = (text: string, start: string) => {
  const match = new RegExp(`https?://\\S+?(${start.replace(/[/?]/g, '\\$&')}\\S*)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${start} link in mail:\n${text}`);
  return match[1];
};

/**
 * Stores, end to end (decision 320): the owner opens a third store through the admin screens alone —
 * the store (/admin/stores), its place, hours and seats (the store's settings links), an item
 * that is both a bookable course and a dish (/admin/menu-add) and its seats' QR codes
 * (/monitor/qr-codes); a guest books it from the homepage to the confirmed booking; a phone
 * orders at one of its seats; its kitchen shows the order and the first store's does not; a
 * staff member of only the first store is not offered it and is refused its calls by the server;
 * the owner's home shows every store's month together, the new store among them.
 * The tests run in order, each on what the one before made.
 */
describe.runIf(runs)('the owner opens a store through the screens', () => {
  let server: TestWebServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const problems = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      const started = await startTableOrderServer({ env: { SMTP_URL: smtp.url } });
      return {
        server: started,
        async close() {
          await started.close();
          await smtp.close();
        },
      };
    },
    (started) => ({ server, browser } = { server: started.server.server, browser: started.browser }),
  );
  let storeId = '';
  let itemId = '';
  let seatUrl = '';

  /** Opens one of the new store's own settings from its row on /admin/stores (the link chooses the store first). */
  async function settingsOfNewStore(owner: Page, path: string) {
    await owner.goto('/admin/stores');
    await owner.locator('[data-testid="stores-editor"][data-ready="true"]').waitFor();
    await owner.locator(`[data-testid="store-row"][data-id="${storeId}"]`).getByTestId(`store-link-${path}`).click();
    await owner.waitForURL(`**/admin/${path}?store_id=${storeId}`);
  }

  it('the owner creates the store, its place, hours, seats, a course that is also a dish, and its seats’ QR codes, on the admin screens', async () => {
    const context = await staffBrowser(browser, server, desktop);
    const owner = problems.watch(await context.newPage());
    owner.on('dialog', (dialog) => void dialog.accept());

    // The store: the admin area's screens open once a store is chosen (the first, for now).
    await owner.goto('/admin');
    await owner.locator('.area[data-ready="true"]').waitFor();
    await owner.getByLabel('店舗を選択：').selectOption(DEMO_STORE);
    await owner.getByRole('link', { name: '店舗管理' }).click();
    await owner.waitForURL('**/admin/stores');
    await owner.locator('[data-testid="stores-editor"][data-ready="true"]').waitFor();
    const add = owner.locator('section.sa-editor');
    await add.getByLabel('店舗名').fill(STORE.name);
    await add.getByLabel('郵便番号').fill(STORE.postalCode);
    await add.getByLabel('住所').fill(STORE.address);
    await add.getByLabel('電話番号').fill(STORE.phone);
    await add.getByRole('button', { name: '追加する' }).click();
    const row = owner.locator('[data-testid="store-row"]', { hasText: STORE.name });
    await row.waitFor();
    storeId = (await row.getAttribute('data-id'))!;
    expect(storeId).not.toBe('');

    // Its place: where the phones at its tables must be.
    await settingsOfNewStore(owner, 'store-coordinates');
    const place = owner.getByTestId('store-coordinates');
    await place.getByTestId('coordinates-unset').waitFor();
    await place.getByLabel('緯度').fill(String(AT_NEW_STORE.lat));
    await place.getByLabel('経度').fill(String(AT_NEW_STORE.lng));
    await place.getByLabel('注文できる範囲（半径・メートル）').fill('150');
    await place.getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => place.getByTestId('coordinates-unset').count()).toBe(0);

    // Its hours: a new store is closed every day until the owner opens it.
    await settingsOfNewStore(owner, 'business-hours');
    const week = owner.getByTestId('week-form');
    await week.waitFor();
    for (const day of ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '祝日']) {
      const group = week.getByRole('group', { name: day });
      await group.getByLabel('定休日').setChecked(false);
      await group.getByLabel('開店', { exact: true }).fill('09:00');
      await group.getByLabel('閉店', { exact: true }).fill('21:00');
    }
    await week.getByTestId('week-save').click();
    await week.getByRole('status').filter({ hasText: '保存しました' }).waitFor();
    expect(await owner.title()).toBe(`営業時間設定 | ${STORE.name} | MonCafe`);

    // Its seats.
    await settingsOfNewStore(owner, 'seats');
    await owner.locator('[data-testid="seats-editor"][data-ready="true"]').waitFor();
    for (const name of ['テラス1', 'テラス2']) {
      const seatForm = owner.locator('section.sa-editor');
      await seatForm.getByLabel('座席名').fill(name);
      await seatForm.getByLabel('定員（名）').fill('4');
      await seatForm.getByLabel('予約の保持時間（分）').fill('90');
      await seatForm.getByRole('button', { name: '追加' }).click();
      await owner.locator('[data-testid="editor-list"] > li', { has: owner.getByText(name, { exact: true }) }).waitFor();
    }

    // Its item: on the menu, bookable as a course, and ordered at the table (the store stays chosen).
    await owner.goto('/admin/menu-add');
    await owner.locator('.sa-page[data-ready="true"]').waitFor();
    expect(await owner.title()).toContain(STORE.name);
    const form = owner.getByTestId('menu-item-form');
    await form.getByLabel('名前', { exact: true }).fill(ITEM);
    await form.getByLabel('価格（円）').fill('1800');
    await form.getByLabel('カテゴリー').selectOption('food');
    await form.getByLabel('予約コースに表示').check();
    await form.getByLabel('テーブル注文').check();
    await form.getByRole('button', { name: '登録' }).click();
    await expect.poll(() => owner.getByTestId('notice').first().textContent()).toBe(`「${ITEM}」を登録しました`);
    itemId = new URL((await owner.locator('a[href*="/admin/menu-manager?item="]').getAttribute('href'))!, server.url).searchParams.get('item')!;

    // Its seats' QR codes: issued on the sheet, each card naming the store.
    await owner.goto(`/monitor/qr-codes?store_id=${storeId}`);
    await owner.getByTestId('issue-codes').click();
    const card = owner.locator('[data-testid="qr-card"]', { hasText: 'テラス1' });
    await card.locator('.qr-url').waitFor();
    expect(await card.getByTestId('qr-store').textContent()).toBe(STORE.name);
    seatUrl = (await card.locator('.qr-url').textContent())!;
    expect(seatUrl).toMatch(/\/order\/top\?seat_id=[^&]+&code=/);
    await context.close();
  });

  it('a guest at 390×844 books the new store from the homepage to the confirmed booking', async () => {
    const context = await offlineContext(browser, server.url, phone);
    const guest = problems.watch(await context.newPage());
    await guest.goto('/moncafe');
    const card = guest.locator(`[data-testid="store-card"][data-store-id="${storeId}"]`);
    expect(await card.textContent()).toContain(STORE.name);
    expect(await card.textContent()).toContain('09:00');
    // Its menu first: the page names the store and lists its item.
    await card.getByRole('link', { name: 'メニュー', exact: true }).click();
    await guest.waitForURL(`**/menu?store_id=${storeId}`);
    await expect.poll(() => guest.title()).toBe(`メニュー | ${STORE.name} | MonCafe`);
    await guest.getByText(ITEM).first().waitFor();
    await guest.goBack();
    await card.getByRole('link', { name: 'この店舗を予約する' }).click();
    await guest.waitForURL(`**/reservation?store=${storeId}`);
    await expect.poll(() => guest.title()).toBe(`予約コース | ${STORE.name} | MonCafe`);
    // Only the new store's course is offered here.
    const courses = guest.getByTestId('course');
    await expect.poll(() => courses.count()).toBe(1);
    await courses.filter({ hasText: ITEM }).getByRole('button', { name: 'カートに追加' }).click();
    await guest.getByRole('button', { name: '日付と詳細記入に進む' }).click();

    await guest.waitForURL(`**/reservation/day?store=${storeId}`);
    await expect.poll(() => guest.title()).toBe(`日付と時間の選択 | ${STORE.name} | MonCafe`);
    await guest.getByTestId('people').selectOption('2');
    const dates = (
      await httpClient(server.url).post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 2, menuIds: [itemId], store_id: storeId })
    ).body.dates;
    const date = dates.find((d) => d > dates[0]!) ?? dates[0]!;
    await guest.locator('article[data-ready="true"]').waitFor();
    for (let i = 0; i < 3 && (await guest.locator(`td[data-date="${date}"]`).count()) === 0; i++) await guest.getByRole('button', { name: '次の月' }).click();
    await guest.locator(`td[data-date="${date}"] button[data-available="true"]`).click();
    const time = guest.getByTestId('times').getByRole('button').first();
    const chosenTime = (await time.textContent())!.trim();
    await time.click();
    await guest.getByRole('button', { name: '次へ（詳細入力へ）' }).click();

    // A course without options goes straight on to the contact step.
    await guest.waitForURL(`**/customer-information?store=${storeId}`);
    await expect.poll(() => guest.title()).toBe(`お客様情報の入力 | ${STORE.name} | MonCafe`);
    await guest.getByLabel('お名前').fill(GUEST.name);
    await guest.getByTestId('phone-1').fill('090');
    await guest.getByTestId('phone-2').fill('2222');
    await guest.getByTestId('phone-3').fill('3333');
    await guest.getByLabel('メールアドレス').fill(GUEST.email);
    await guest.getByRole('button', { name: '入力内容を確認する' }).click();
    await guest.getByRole('button', { name: '確認メールを送信' }).click();
    await guest.waitForURL('**/reservation-email-sent?**');
    await guest.getByTestId('email-sent').waitFor();

    const request = await smtp.next(GUEST.email);
    expect(request.subject).toBe(`【${STORE.name}】ご予約の確認をお願いします`);
    expect(request.text).toContain(STORE.address);
    await guest.goto(pathOf(request.text, '/confirm-reservation?token='));
    await guest.getByTestId('confirm-success').waitFor();
    expect(await guest.getByTestId('confirm-success').textContent()).toContain('ご予約が確定しました');
    expect(await guest.getByTestId('reservation-facts').textContent()).toContain(chosenTime);
    expect((await smtp.next(GUEST.email)).subject).toBe(`【${STORE.name}】ご予約が確定しました`);
    await problems.screen(guest, 'new-store-booking-confirmed');
    await context.close();
  });

  it('a phone orders at one of its seats; its kitchen shows the order, the first store’s kitchen does not', async () => {
    const phoneContext = await guestPhone(browser, server.url, AT_NEW_STORE);
    const guest = problems.watch(await phoneContext.newPage());
    const printed = new URL(seatUrl);
    await guest.goto(printed.pathname + printed.search);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('1');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: `${ITEM} カートに追加` }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-confirmed').waitFor();

    await expectOrderInItsKitchenOnly(browser, server, { storeId, otherStoreId: DEMO_STORE, item: ITEM }, (page) => problems.watch(page));
    await phoneContext.close();
  });

  it('a staff member of only the first store is not offered the new store, and the server refuses its staff calls', async () => {
    const context = await firstStoreStaffBrowser(browser, server, storeId, {
      name: '駅前 のみ',
      email: 'first-store-only@moncafe.test',
      password: 'first-store-only-password-1',
    });
    const page = problems.watch(await context.newPage());
    await page.goto('/staff/opening-prep');
    await page.locator('.area[data-ready="true"]').waitFor();
    const choice = page.getByLabel('店舗を選択：');
    expect(await choice.locator(`option[value="${DEMO_STORE}"]`).count()).toBe(1);
    expect(await choice.locator(`option[value="${storeId}"]`).count()).toBe(0);
    // What the staff screens call, asked from the staff member's own browser: their store answers, the new one refuses.
    expect((await context.request.get(`/api/store-opening-tasks/${DEMO_STORE}`)).status()).toBe(200);
    for (const call of [`/api/store-opening-tasks/${storeId}`, `/api/store-close-tasks/${storeId}`, `/api/users?store_id=${storeId}`])
      expect((await context.request.get(call)).status(), call).toBe(403);
    await context.close();
  });

  it('the owner’s home shows this month’s sales of every store together, the new store among them (decision 413)', async () => {
    const context = await ownerContext(browser, server.url, desktop);
    const owner = problems.watch(await context.newPage());
    await owner.goto('/admin');
    const glance = owner.getByTestId('sales-glance');
    await glance.getByTestId('sales-glance-scope').selectOption('all');
    const rows = glance.getByTestId('sales-glance-stores').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await glance.locator(`tr[data-store-id="${storeId}"] th`).textContent()).toBe(STORE.name);
    expect(await glance.getByRole('link', { name: '売上を見る' }).getAttribute('href')).toBe('/admin/sales?scope=all');
    await problems.screen(owner, 'admin-home-all-stores');
    await context.close();
  });
});
