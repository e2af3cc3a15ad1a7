import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, desktop, browserSuite } from '../support/browser';
import { httpClient, type HttpClient } from '../support/http-client';
import { DEMO_STORE, signedInAdmin, staffBrowser, startTableOrderServer } from '../support/table-order';
import type { TestWebServer } from '../support/web-server';
import { demoCoursesReady, LUNCH } from '../reservation/booking-steps';

const runs = browserAvailable();

/**
 * The seats editor on a desktop: an admin adds a seat, raises its capacity and hold time, a guest
 * party that only the new capacity fits is seated on it, removal is refused while the booking
 * holds it (with the booking named), and goes through once the guest cancels (decision 120).
 */
describe.runIf(runs)('the seats editor', () => {
  let server: TestWebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: HttpClient;
  const problems = browserSuite(startTableOrderServer, (started) => ({ server, browser } = started));

  beforeAll(async () => {
    await demoCoursesReady(server.url);
    context = await staffBrowser(browser, server, desktop);
    page = problems.watch(await context.newPage());
    admin = await signedInAdmin(server.url);
  });

  const row = (name: string) => page.locator('[data-testid="editor-list"] > li', { has: page.getByText(name, { exact: true }) });
  const notice = () => page.getByTestId('notice');

  it('creates a seat, edits capacity and hold time with the effect on seating, refuses its removal while booked, then removes it', async () => {
    // Without a saved store, an admin sub-path goes back to /admin.
    await page.goto('/admin/seats');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('.area[data-ready="true"]').waitFor();
    expect(await page.getByRole('link', { name: '座席管理' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('店舗を選択：').selectOption(DEMO_STORE);
    await page.getByRole('link', { name: '座席管理' }).click();
    await page.waitForURL('**/admin/seats');
    await page.locator('[data-testid="seats-editor"][data-ready="true"]').waitFor();
    expect(await page.title()).toBe('座席管理 | MonCafe 駅前店 | MonCafe');
    await expect.poll(() => row('ソファ席').count()).toBe(1);

    // Create.
    const add = page.locator('section.sa-editor');
    // Each tick box (the seats it combines with, web bookings, in use) sits on one line beside its
    // words: the screenshot pass found them in 28 px wide labels, a character a line.
    const ticks = await add.locator('label.tick').all();
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks) expect((await tick.boundingBox())!.height).toBeLessThanOrEqual(48);
    await add.getByLabel('座席名').fill('テラス席');
    await add.getByLabel('定員（名）').fill('2');
    await add.getByLabel('予約の保持時間（分）').fill('90');
    await add.getByRole('button', { name: '追加' }).click();
    await expect.poll(() => row('テラス席').textContent()).toContain('定員 2名 ／ 保持 90分');
    await problems.screen(page, 'admin-seats-1-created');

    // Edit capacity and hold time.
    await page.getByRole('button', { name: 'テラス席 編集' }).click();
    // The row being edited shows its form in place of its text.
    const form = page.locator('[data-testid="editor-list"] form');
    await form.getByLabel('定員（名）').fill('6');
    await form.getByLabel('予約の保持時間（分）').fill('120');
    await form.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row('テラス席').textContent()).toContain('定員 6名 ／ 保持 120分');
    const seats = (
      await admin.getJson<{ id: string; name: string; max_people: number; reservation_hold_minutes: number }[]>(`/api/admin/seats?store_id=${DEMO_STORE}`)
    ).body;
    const terrace = seats.find((s) => s.name === 'テラス席')!;
    expect(terrace).toMatchObject({ max_people: 6, reservation_hold_minutes: 120 });

    // Where guests see it: a third party of six at one time is seated — only on the new seat's capacity.
    const guest = httpClient(server.url);
    const dates = await guest.post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 6, menuIds: [LUNCH] });
    const date = dates.body.dates[1] ?? dates.body.dates[0]!;
    const time = (await guest.post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 6, menuIds: [LUNCH] })).body.times[0]!;
    const parties = [httpClient(server.url), httpClient(server.url), httpClient(server.url)];
    const held: string[][] = [];
    for (const p of parties)
      held.push((await p.post<{ seat_ids: string[] }>('/api/customery-day/allocate-seat', { date, time, people: 6, menuIds: [LUNCH] })).body.seat_ids);
    expect(held.every((h) => h.length > 0)).toBe(true);
    expect(held.flat()).toContain(terrace.id);
    const mine = parties[held.findIndex((h) => h.includes(terrace.id))]!;
    const sent = await mine.post<{ reservation_id: string }>('/api/reservation-confirmation/send-confirmation', {
      name: '高橋 花',
      email: 'takahashi@example.jp',
      phone: '090-3333-4444',
      reservationData: { date, time, people: 6, cart: [{ menu_id: LUNCH, quantity: 6 }] },
    });
    expect(sent.status).toBe(200);

    // Removal while booked: confirmation, then the refusal naming the booking; the seat stays.
    await page.getByRole('button', { name: 'テラス席 削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect.poll(() => notice().textContent()).toContain('この座席には今後の予約が1件あるため、削除・休止できません');
    expect(await notice().textContent()).toContain(`${time} 高橋 花様（6名）`);
    expect(await notice().getAttribute('role')).toBe('alert');
    expect(await row('テラス席').count()).toBe(1);
    await problems.screen(page, 'admin-seats-2-refused');

    // The guest cancels; now the seat can go.
    expect(
      (await mine.post('/api/customer-cancel/execute', { reservation_id: sent.body.reservation_id, email: 'takahashi@example.jp', reason: '' })).status,
    ).toBe(200);
    await page.getByRole('button', { name: 'テラス席 削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect.poll(() => notice().textContent()).toBe('削除しました');
    await expect.poll(() => row('テラス席').count()).toBe(0);
    expect((await admin.getJson<{ id: string }[]>(`/api/admin/seats?store_id=${DEMO_STORE}`)).body.map((s) => s.id)).not.toContain(terrace.id);
  });
});
