import type pg from 'pg';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Database } from '@moncafe/projections/database';
import { dumpReadModels } from '../database/read-model-dump';
import { bookDistinctively, countInEvents, startPrivacyServer } from '../privacy/privacy-steps';
import { postgresUrl } from '../support/services';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, browserSuite } from '../support/browser';
import { japaneseDate } from '../support/japanese';

const serverUrl = await postgresUrl();
const runs = browserAvailable() && !!serverUrl;
if (!serverUrl) console.warn('skipping the erasure browser test: no PostgreSQL to search the tables');

const GUEST = { name: 'Ombrevaine Tullistrade', email: 'ombrevaine.tullistrade@example.jp', phone: '080-5173-9264', plate: 'Perquiddle Celebration' };

/**
 * Erasure an owner can trust (decision 650), at the owner's laptop size: before anything is
 * erased the screen says what will go (the booking, its picture, by count and date) and what
 * stays (the seats, the sales), a confirmation names the guest, the result says what was erased,
 * the form is empty again, and afterwards the guest's name is in no event, no read model and on
 * no screen (the privacy suites' checks).
 */
describe.runIf(runs)('the owner erases a guest with a preview', () => {
  let started: Awaited<ReturnType<typeof startPrivacyServer>>;
  let browser: Browser;
  let context: BrowserContext;
  let pool: pg.Pool;
  const problems = browserSuite(
    () => startPrivacyServer(serverUrl!, 'owner_erasure'),
    (suite) => ({ server: started, browser } = suite),
  );

  beforeAll(async () => {
    pool = started.pool;
    context = await offlineContext(browser, started.server.url, desktop);
    await context.addInitScript(() => {
      // The store chosen, as the owner's browser has it; frames without storage (about:blank) skip it.
      try {
        window.localStorage.setItem('adminStoreId', '2');
      } catch {
        /* no storage here */
      }
    });
    expect((await context.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
  });

  it(
    'shows what will be erased and what stays, asks naming the guest, reports what was erased, and the name is gone everywhere',
    { timeout: 180_000 },
    async () => {
      const booked = await bookDistinctively(started.server, started.smtp, GUEST);
      const page = problems.watch(await context.newPage());
      await page.goto('/admin/privacy?store_id=2');
      await page.locator('.area[data-ready="true"]').waitFor();
      const erase = page.locator('section[aria-labelledby="erase-title"]');
      await erase.getByLabel('メールアドレス').fill(GUEST.email);
      await erase.getByLabel('理由').fill('店頭でのご依頼');
      await erase.getByRole('button', { name: '削除する内容を確認する' }).click();

      const preview = page.getByTestId('erasure-preview');
      await preview.waitFor();
      const erased = await page.getByTestId('erasure-erased').innerText();
      expect(erased).toContain(`予約 1件（${japaneseDate(booked.date)}）`);
      expect(erased).toContain('うち、これからの予約 1件は取り消され');
      expect(erased).toContain(`お客様が送った画像 1枚（${japaneseDate(booked.date)}のご予約）`);
      expect(erased).toContain('領収書の宛名・但し書き：なし');
      const kept = await page.getByTestId('erasure-kept').innerText();
      expect(kept).toContain('席の利用 1件・2名');
      expect(kept).toContain('売上 0件');
      // Nothing is erased by looking.
      expect((await pool.query("select count(*)::int as n from events where type = 'GuestErased'")).rows[0].n).toBe(0);
      expect((await pool.query('select customer_name from reservations where id = $1', [booked.reservationId])).rows[0].customer_name).toBe(GUEST.name);
      const guest = `${GUEST.name}様（${GUEST.email}）`;
      expect(await preview.getByRole('alert').innerText()).toBe(`${guest}の情報を削除します。元に戻すことはできません。`);
      await problems.screen(page, 'owner-erasure-preview-1280');

      await preview.getByRole('button', { name: `${guest}の情報を削除する` }).click();
      const result = page.getByTestId('erasure-result');
      await result.waitFor();
      const said = await result.innerText();
      expect(said).toContain('削除しました');
      expect(said).toContain('予約 1件（うち取り消し 1件）');
      expect(said).toContain('画像 1枚');
      expect(await erase.getByLabel('メールアドレス').inputValue(), 'the form is cleared').toBe('');
      expect(await erase.getByLabel('理由').inputValue()).toBe('');
      await problems.screen(page, 'owner-erasure-result-1280');

      // Gone everywhere: the events, the read models, and the screens the owner reads.
      for (const value of [GUEST.name, GUEST.email, GUEST.phone, GUEST.plate]) {
        expect(await page.locator('body').innerText(), `${value} on the result`).not.toContain(value);
        expect(await countInEvents(pool, value), `${value} in the events`).toBe(0);
      }
      const { db } = await started.database.open();
      const dump = JSON.stringify(await dumpReadModels(db as unknown as Kysely<Database>));
      for (const value of [GUEST.name, GUEST.email, GUEST.phone, GUEST.plate]) expect(dump.includes(value), `${value} in the read models`).toBe(false);
      for (const screen of ['/admin/history', `/monitor/reservation?store_id=2&date=${booked.date}`]) {
        await page.goto(screen);
        await page.locator('.area[data-ready="true"]').waitFor();
        expect(await page.locator('body').innerText(), `the name on ${screen}`).not.toContain(GUEST.name);
      }
      await page.close();
    },
  );
});
