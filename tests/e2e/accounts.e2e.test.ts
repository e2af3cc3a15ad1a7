import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, desktop, offlineContext, phone, browserSuite } from '../support/browser';

const runs = browserAvailable();

describe.runIf(runs)('accounts in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));

  const newContext = (screen: typeof phone | typeof desktop): Promise<BrowserContext> => offlineContext(browser, server.url, screen);
  const watch = (page: Page) => problems.watch(page);

  for (const [label, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`a new customer signs up, logs in, logs out, logs in, reaches /staff once made staff and is refused /admin (${label})`, async () => {
      const email = `hana-${label}@moncafe.test`;
      const password = 'a-long-enough-password-15';
      const context = await newContext(viewport);
      const page = watch(await context.newPage());

      // Anonymous on /staff: sent to login, and back to /staff afterwards.
      await page.goto('/staff');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/staff');

      // Sign up.
      const signUp = page.locator('form', { has: page.getByRole('heading', { name: '新規登録' }) });
      await signUp.getByLabel('お名前').fill('花子');
      await signUp.getByLabel('メールアドレス').fill(email);
      await signUp.getByLabel('パスワード').fill(password);
      await problems.screen(page, `accounts-signup-${label}`);
      await signUp.getByRole('button', { name: '登録する' }).click();
      // Signing up signs nobody in: it says a mail is on its way (the same answer for a taken address).
      await signUp.getByRole('status').filter({ hasText: '確認メールを送信しました' }).waitFor();
      const firstLogin = page.locator('form', { has: page.getByRole('heading', { name: 'ログイン' }) });
      await firstLogin.getByLabel('メールアドレス').fill(email);
      await firstLogin.getByLabel('パスワード').fill(password);
      await firstLogin.getByRole('button', { name: 'ログイン' }).click();
      // A customer may not enter /staff: signing in lands on the refusal.
      await page.waitForURL((url) => url.pathname === '/staff');
      const status = await page.evaluate(async () => (await fetch('/api/auth/status')).json());
      expect(status).toMatchObject({ authenticated: true, user: { name: '花子', email } });

      // Log out from the login screen.
      await page.goto('/login');
      await page.getByText('花子 さんとしてログインしています').waitFor();
      // Signed in, the header says who it is and offers the reservation history.
      const header = page.locator('header');
      expect(await header.getByTestId('signed-in-name').textContent()).toBe('花子 様');
      expect(await header.getByRole('link', { name: '予約履歴' }).getAttribute('href')).toBe('/my-reservations');
      expect(await header.getByRole('link', { name: 'スタッフ' }).count()).toBe(0);
      await page.locator('main').getByRole('button', { name: 'ログアウト' }).click();
      // The sign-up form is back only once the session is over.
      await page.getByRole('heading', { name: '新規登録' }).waitFor();
      expect(await page.evaluate(async () => (await fetch('/api/auth/status')).json())).toMatchObject({ authenticated: false });

      // A wrong password shows the spec's failure text.
      const login = page.locator('form', { has: page.getByRole('heading', { name: 'ログイン' }) });
      await login.getByLabel('メールアドレス').fill(email);
      await login.getByLabel('パスワード').fill('not-my-password');
      await login.getByRole('button', { name: 'ログイン' }).click();
      await page.getByText('ログインに失敗しました: メールアドレスまたはパスワードが正しくありません').waitFor();

      // The owner makes her staff.
      const admin = httpClient(server.url);
      expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
      const users = (await (await admin.get('/api/admin/users')).json()) as { users: { id: string; email: string }[] };
      const hana = users.users.find((u) => u.email === email);
      expect(hana).toBeDefined();
      expect((await admin.postJson(`/api/admin/users/${hana!.id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
      // … of the first store: the staff area offers the stores whose staff list names her (decision 400).
      const [first] = (await (await admin.get('/api/stores')).json()) as { store_id: string }[];
      expect((await admin.send('PUT', `/api/users/${hana!.id}`, { json: { store_id: first!.store_id, wage: null } })).status).toBe(200);

      // Log in and reach /staff.
      await page.goto('/login?redirectTo=%2Fstaff');
      await login.getByLabel('メールアドレス').fill(email);
      await login.getByLabel('パスワード').fill(password);
      await login.getByRole('button', { name: 'ログイン' }).click();
      await page.waitForURL((url) => url.pathname === '/staff');
      await page.getByRole('heading', { name: 'スタッフ' }).first().waitFor();
      // The staff area has its own frame (decision 187): no public header, and with one area of
      // their own no switch to another.
      expect(await page.getByRole('navigation', { name: '業務画面' }).count()).toBe(0);
      expect(await page.locator('nav.area-switch').count()).toBe(0);
      // The store choice lives in the browser: wait until the page has read it (hydrated).
      await page.locator('.area[data-ready="true"]').waitFor();

      // On one store's staff list she never has to choose: the area opens on it (decision 576).
      const select = page.getByLabel('店舗を選択：');
      expect(await select.inputValue()).toBe(first!.store_id);
      expect(await page.getByRole('link', { name: 'シフト提出' }).getAttribute('aria-disabled')).toBeNull();
      expect(await page.evaluate(() => window.localStorage.getItem('staffStoreId'))).toBe(first!.store_id);
      await problems.screen(page, `accounts-staff-${label}`);

      // On the public site staff see the operations button they may use, and only that one.
      await page.goto('/moncafe');
      const operations = page.getByRole('navigation', { name: '業務画面' });
      expect(await operations.getByRole('link').allTextContents()).toEqual(['スタッフ']);

      // Staff are refused the admin area.
      const refused = await page.goto('/admin');
      expect(refused?.status()).toBe(403);

      await context.close();
    });
  }

  it('an admin sub-path without a saved admin store goes back to /admin; with one, the user screen opens', async () => {
    const context = await newContext(desktop);
    const page = watch(await context.newPage());
    await page.goto('/login?redirectTo=%2Fadmin%2Fusers');
    const login = page.locator('form', { has: page.getByRole('heading', { name: 'ログイン' }) });
    await login.getByLabel('メールアドレス').fill(ADMIN_EMAIL);
    await login.getByLabel('パスワード').fill(ADMIN_PASSWORD);
    await login.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('.area[data-ready="true"]').waitFor();

    const select = page.getByLabel('店舗を選択：');
    const firstStore = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(firstStore!);
    expect(await page.evaluate(() => window.localStorage.getItem('adminStoreId'))).toBe(firstStore);
    await page.getByRole('link', { name: 'ユーザー管理' }).click();
    await page.getByRole('heading', { name: 'ユーザー管理' }).last().waitFor();
    await page.getByRole('cell', { name: ADMIN_EMAIL }).waitFor();
    // The admin area has its own bar (decision 575): its area switch offers the other areas, no public header.
    expect(await page.getByRole('navigation', { name: '画面の切り替え' }).getByRole('link').allTextContents()).toEqual(['キッチン', 'モニター', 'スタッフ']);
    expect(await page.getByRole('navigation', { name: '業務画面' }).count()).toBe(0);
    await problems.screen(page, 'accounts-admin-users-desktop');
    // On the public site the header keeps the spec's three operations buttons.
    await page.goto('/moncafe');
    expect(await page.getByRole('navigation', { name: '業務画面' }).getByRole('link').allTextContents()).toEqual(['モニター', 'スタッフ', '管理者']);
    await context.close();
  });
});
