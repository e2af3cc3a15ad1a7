import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, desktop, launchBrowser, pageProblems, screenshotDir } from '../support/browser';
import { guestPhone, staffBrowser, startTableOrderServer, seatCodeOf } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';

const runs = browserAvailable();
/** The demo store's registration number (demo/src/table-order.ts). */
const REGISTRATION = 'T8900000000001';

/**
 * Receipts and split bills (decision 240): a party orders a cake to take away and a coffee eaten in (8% and 10%), splits the
 * bill in two on the monitor, pays one part in cash there and the other by card on the guest's
 * phone, which ends on the thank-you with the receipt links. Each receipt's
 * print view shows the registration number, both rates' totals and taxes, the ※ mark and
 * numbers one after the other and the whole bill each shares; the PDF downloads; a refund issues a
 * 赤伝 referencing the original, and a correction the 赤伝 and the corrected receipt at once.
 */
describe.runIf(runs)('receipts and a split bill', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = pageProblems();
  afterEach(() => problems.assertNone());
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `receipts-${name}.png`), fullPage: true });

  beforeAll(async () => {
    server = await startTableOrderServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('takeout cake at 8%, coffee eaten in at 10%, split in two, cash and card, two receipts, a PDF and a 赤伝', async () => {
    const guestContext = await guestPhone(browser, server.url);
    const guest = problems.watch(await guestContext.newPage());
    await guest.goto(`/order/top?seat_id=seat-s1&code=${await seatCodeOf(server.url, 'seat-s1')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('2');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: 'ブレンドコーヒー カートに追加' }).click();
    await guest.getByRole('button', { name: 'ガトーショコラケーキ カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');
    // The cake goes home; the coffee is drunk here (eat-in is the default).
    await guest.getByTestId('takeout-menu-gateau').check();
    await shot(guest, '1-cart-takeout');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-choices').waitFor();
    const visit = JSON.parse((await guest.evaluate(() => window.localStorage.getItem('moncafe.visit')))!) as { reservationId: string };

    // The bill per rate: coffee 500 + 10% = 550 (tax 50); cake 550 + 8% = 594 (tax 44); 1,144 in all.
    await guest.goto(`/checkout?reservation_id=${visit.reservationId}`);
    await guest.getByTestId('checkout').waitFor();
    expect(await guest.getByTestId('checkout-rate-10').textContent()).toContain('550円（内消費税（10%） 50円）');
    expect(await guest.getByTestId('checkout-rate-8').textContent()).toContain('594円（内消費税（8%） 44円）');
    expect(await guest.getByTestId('checkout-total').textContent()).toBe('1,144円');
    expect(await guest.getByTestId('checkout').textContent()).toContain('※ ガトーショコラケーキ（持ち帰り）');

    // Staff split it in two equal parts and take the first in cash.
    const staffContext = await staffBrowser(browser, server, desktop);
    const staff = problems.watch(await staffContext.newPage());
    await staff.goto(`/monitor/checkout?reservation_id=${visit.reservationId}`);
    await staff.getByTestId('checkout').waitFor();
    await staff.locator('summary', { hasText: 'お会計を分ける' }).click();
    await staff.getByTestId('split-parts').fill('2');
    await staff.getByTestId('split-do').click();
    await expect.poll(() => staff.getByTestId('split-part').count()).toBe(2);
    // Each rate halved, remainders on the first: 275 + 297 = 572 each.
    expect(await staff.getByTestId('split-part-total').allTextContents()).toEqual(['572円', '572円']);
    const first = staff.getByTestId('split-part').first();
    await first.getByLabel('現金').check();
    await first.getByTestId('split-pay').click();
    await first.getByTestId('split-part-paid').waitFor();
    await shot(staff, '2-split-first-paid');
    const staffReceiptUrl = await first.getByRole('link', { name: '領収書を表示' }).getAttribute('href');

    // The guest pays the second part by card on the phone and sees the thank-you, never 認証に失敗しました.
    await guest.reload();
    await guest.getByTestId('split-parts-list').waitFor();
    const second = guest.getByTestId('split-part').nth(1);
    await second.getByLabel('クレジットカード').check();
    await second.getByTestId('split-pay').click();
    await guest.getByTestId('thank-you').waitFor();
    // What this guest paid and how, then the whole bill part by part (the first part was cash at the monitor).
    expect(await guest.getByTestId('thank-you-amount').textContent()).toBe('572円');
    expect(await guest.getByTestId('thank-you-method').textContent()).toBe('クレジットカード');
    expect(await guest.getByTestId('parts-paid-whole').textContent()).toBe('お会計全体 1,144円（2回のお支払い）');
    expect(await guest.getByTestId('parts-paid-part').allTextContents()).toEqual(['1/2572円現金', '2/2572円クレジットカード']);
    expect(await guest.getByTestId('checkout-page').textContent()).not.toContain('認証に失敗しました');
    await expect.poll(() => guest.getByTestId('receipt-link').count()).toBe(2);
    await shot(guest, '3-thank-you');

    // Each receipt's print view: registration number, both rates with their taxes, ※, numbers in a row.
    const links = await guest.getByTestId('receipt-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const numbers: number[] = [];
    for (const [i, href] of links.entries()) {
      await guest.goto(href);
      await guest.getByTestId('receipt').waitFor();
      const text = (await guest.getByTestId('receipt').textContent())!;
      expect(text).toContain(`登録番号 ${REGISTRATION}`);
      expect(await guest.getByTestId('receipt-rate-10').textContent()).toMatch(/10%対象.*275円.*消費税（10%）.*25円/);
      expect(await guest.getByTestId('receipt-rate-8').textContent()).toMatch(/8%対象※.*297円.*消費税（8%）.*22円/);
      expect(text).toContain('※ ガトーショコラケーキ（持ち帰り）');
      expect(text).toContain('※は軽減税率（8%）対象商品です');
      expect(await guest.getByTestId('receipt-total').textContent()).toBe('572円');
      // An equal part lists the whole bill's lines with their sum (this store prices without tax:
      // 500 + 550), then heads its own share (decision 350).
      expect(await guest.getByTestId('receipt-whole-total').textContent()).toBe('お会計全体1,144円');
      expect(await guest.getByTestId('receipt-share').textContent()).toBe(`このお支払い（均等割 ${i + 1}/2）`);
      // The whole bill it is a share of (decision 647).
      expect(await guest.getByTestId('receipt-whole-bill').textContent()).toBe(`お会計総額 1,144円（2分割の${i + 1}）`);
      expect(await guest.getByTestId('receipt-method').textContent()).toBe(i === 0 ? '現金' : 'クレジットカード');
      numbers.push(Number(await guest.getByTestId('receipt').getAttribute('data-number')));
      await shot(guest, `4-receipt-${i + 1}`);
    }
    // The PDF downloads from the print view.
    const [download] = await Promise.all([guest.waitForEvent('download'), guest.getByTestId('receipt-pdf').click()]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/^receipt-\d{6}\.pdf$/);
    expect(numbers[1]).toBe(numbers[0]! + 1);

    // A refund: staff issue a 赤伝 for the first receipt; it has the next number and references the original.
    await staff.goto(staffReceiptUrl!);
    await staff.getByTestId('receipt').waitFor();
    expect(Number(await staff.getByTestId('receipt').getAttribute('data-number'))).toBe(numbers[0]);
    await staff.getByTestId('refund-reason').fill('注文間違いによる返金');
    await staff.getByTestId('refund').click();
    await staff.getByTestId('refund-done').waitFor();
    await staff.getByTestId('receipt-cancelled').waitFor();
    await staff.getByTestId('refund-done').getByRole('link').click();
    await staff.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
    await expect.poll(() => staff.getByTestId('receipt-cancels').count()).toBe(1);
    expect(Number(await staff.getByTestId('receipt').getAttribute('data-number'))).toBe(numbers[1]! + 1);
    expect(await staff.getByTestId('receipt-cancels').textContent()).toBe(`No. ${String(numbers[0]).padStart(6, '0')} の取消（注文間違いによる返金）`);
    expect(await staff.getByTestId('receipt-total').textContent()).toBe('-572円');
    expect(await staff.getByTestId('receipt').textContent()).toContain('領収書（取消）');
    await shot(staff, '5-cancellation');

    // A reprint says 再発行 from then on.
    await staff.goto(staffReceiptUrl!);
    await staff.evaluate(() => {
      window.print = () => undefined;
    });
    await staff.getByTestId('receipt-reissue').click();
    await staff.getByTestId('receipt-reissued').waitFor();
    // The monitor's checkout lists the day's receipts, the 赤伝 among them.
    await staff.goto('/monitor/checkout?store_id=2');
    await staff.getByTestId('day-receipts').waitFor();
    expect(await staff.getByTestId('day-receipts').textContent()).toContain(`No. ${String(numbers[1]! + 1).padStart(6, '0')} 領収書（取消） -572円（現金）`);
    // A correction (decision 648): the second receipt gets an addressee and its method put right, in one go.
    const no = (n: number) => String(n).padStart(6, '0');
    await staff.goto(links[1]!);
    await staff.getByTestId('receipt').waitFor();
    await staff.getByTestId('correct-addressee').fill('株式会社モンカフェ');
    await staff.getByTestId('correct-method').selectOption('electronic');
    await staff.getByTestId('correct-reason').fill('宛名の追加');
    await staff.getByTestId('correct').click();
    await staff.getByTestId('receipt-corrected').waitFor();
    expect(await staff.getByTestId('correct-done').textContent()).toBe(
      `取消伝票 No. ${no(numbers[1]! + 2)} と訂正後の領収書 No. ${no(numbers[1]! + 3)} を発行しました`,
    );
    await staff.getByTestId('correct-done').getByRole('link').click();
    await expect.poll(() => staff.getByTestId('receipt-corrects').count()).toBe(1);
    expect(await staff.getByTestId('receipt-corrects').textContent()).toBe(`No. ${no(numbers[1]!)} の訂正（宛名の追加） 取消伝票 No. ${no(numbers[1]! + 2)}`);
    expect(await staff.getByTestId('receipt-addressee').textContent()).toBe('株式会社モンカフェ 様');
    expect(await staff.getByTestId('receipt-method').textContent()).toBe('電子マネー');
    expect(await staff.getByTestId('receipt-total').textContent()).toBe('572円');
    // The corrected receipt is a sale the form may correct again; the answer about the first stays behind.
    await staff.getByTestId('correct-reason').waitFor();
    expect(await staff.getByTestId('correct-done').count()).toBe(0);
    await shot(staff, '7-corrected');
    // /checkout opened without a visit says where checkout is, not 認証に失敗しました.
    await guest.goto('/checkout');
    await guest.getByTestId('checkout-no-reservation').waitFor();
    expect(await guest.getByTestId('checkout-page').textContent()).not.toContain('認証に失敗しました');
    // …and offers a way on: the store's menu.
    expect(await guest.getByTestId('checkout-no-reservation').getByRole('link', { name: 'メニューを見る' }).getAttribute('href')).toBe('/menu');
    await guestContext.close();
    await staffContext.close();
  });

  it('a guest paying the whole bill at /checkout ends on the thank-you with the amount, the method and the receipt', async () => {
    const guestContext = await guestPhone(browser, server.url);
    const guest = problems.watch(await guestContext.newPage());
    guest.on('dialog', (dialog) => void dialog.accept());
    await guest.goto(`/order/top?seat_id=seat-t3&code=${await seatCodeOf(server.url, 'seat-t3')}`);
    await guest.locator('[data-testid="order-top"][data-ready="true"]').waitFor();
    await guest.getByTestId('people').selectOption('1');
    await guest.getByRole('button', { name: '現在地を確認してチェックイン' }).click();
    await guest.waitForURL('**/order/food?**');
    await guest.locator('[data-testid="order-food"][data-ready="true"]').waitFor();
    await guest.getByRole('button', { name: 'ブレンドコーヒー カートに追加' }).click();
    await guest.getByTestId('to-cart').click();
    await guest.waitForURL('**/order?**show_cart=true');
    await guest.getByTestId('place-order').click();
    await guest.getByTestId('order-choices').waitFor();
    await guest.getByRole('link', { name: 'お会計へ進む' }).click();
    await guest.getByTestId('checkout').waitFor();
    // The guest-only bar, never the public header (ログイン・予約する・アクセス), before and after paying.
    expect(await guest.locator('.site-header').count(), 'the public header at /checkout').toBe(0);
    expect(await guest.getByTestId('call-staff').count()).toBe(1);
    await guest.getByLabel('電子マネー').check();
    await guest.getByTestId('complete-checkout').click();
    await guest.getByTestId('thank-you').waitFor();
    expect(await guest.getByTestId('thank-you-amount').textContent()).toBe('550円');
    expect(await guest.getByTestId('thank-you-method').textContent()).toBe('電子マネー');
    expect(await guest.getByTestId('receipt-link').count()).toBe(1);
    expect(await guest.getByTestId('checkout-page').textContent()).not.toContain('認証に失敗しました');
    expect(await guest.locator('.site-header').count(), 'the public header on the thank-you').toBe(0);
    await shot(guest, '6-whole-thank-you');
    await guest.getByTestId('receipt-link').click();
    await guest.getByTestId('receipt').waitFor();
    expect(await guest.getByTestId('receipt-method').textContent()).toBe('電子マネー');
    await guestContext.close();
  });
});
