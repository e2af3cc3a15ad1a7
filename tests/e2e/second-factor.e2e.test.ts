import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { httpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { browserAvailable, browserSuite, desktop, offlineContext, phone } from '../support/browser';

const runs = browserAvailable();

/**
 * Second factors in the browser (decision 540): a passkey added and used through Chromium's
 * virtual authenticator (the DevTools protocol's WebAuthn domain), an authenticator app's codes
 * computed from the server's own clock, and recovery codes that work once.
 */
describe.runIf(runs)('second factors in the browser', () => {
  let server: TestWebServer;
  let browser: Browser;
  const problems = browserSuite(startTestWebServer, (started) => ({ server, browser } = started));
  const watch = (page: Page) => problems.watch(page);

  async function serverEpoch(): Promise<number> {
    const answer = await fetch(`${server.url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":0}' });
    return Math.floor(Date.parse(((await answer.json()) as { now: string }).now) / 1000);
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/login?redirectTo=%2Fmoncafe');
    const login = page.locator('form', { has: page.getByRole('heading', { name: 'ログイン' }) });
    await login.getByLabel('メールアドレス').fill(email);
    await login.getByLabel('パスワード').fill(password);
    await login.getByRole('button', { name: 'ログイン' }).click();
  }

  const status = (page: Page) => page.evaluate(async () => (await fetch('/api/auth/status')).json() as Promise<{ authenticated: boolean }>);

  it('a staff member adds an authenticator app, signs in with its code, then with a recovery code that works once', async () => {
    const email = 'staff-totp@moncafe.test';
    const password = 'staff-totp-password-1';
    const guest = httpClient(server.url);
    expect((await guest.postJson('/api/auth/register', { name: '二段 太郎', email, password })).status).toBe(200);
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const users = (await (await admin.get('/api/admin/users')).json()) as { users: { id: string; email: string }[] };
    const staff = users.users.find((u) => u.email === email)!;
    expect((await admin.postJson(`/api/admin/users/${staff.id}/roles`, { role: 'staff', grant: true })).status).toBe(200);

    const context = await offlineContext(browser, server.url, phone);
    const page = watch(await context.newPage());
    await signIn(page, email, password);
    await page.waitForURL((url) => url.pathname === '/moncafe');
    await page.goto('/account/security');
    const app = page.locator('.panel', { has: page.getByRole('heading', { name: '認証アプリ（TOTP）' }) });
    await app.getByLabel('現在のパスワード（確認のため）').fill(password);
    await app.getByRole('button', { name: '認証アプリを設定する' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await problems.screen(page, 'second-factor-totp-qr');
    await app.getByLabel('確認コード').fill(await generate({ secret, epoch: await serverEpoch() }));
    await app.getByRole('button', { name: '設定を完了する' }).click();
    await page.getByRole('heading', { name: 'リカバリーコード' }).waitFor();
    const codes = (await page.locator('.recovery-codes code').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await problems.screen(page, 'second-factor-recovery-codes');
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));

    // A password alone opens no session.
    await signIn(page, email, password);
    await page.getByRole('heading', { name: '2段階認証' }).waitFor();
    expect(await status(page)).toMatchObject({ authenticated: false });
    await problems.screen(page, 'second-factor-step');
    // The code that confirmed the app is spent: the next step's code signs in.
    await server.advanceClock(30_000);
    await page.getByLabel('確認コード').fill(await generate({ secret, epoch: await serverEpoch() }));
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL((url) => url.pathname === '/moncafe');
    expect(await status(page)).toMatchObject({ authenticated: true, user: { email } });
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));

    // A recovery code signs in once …
    await signIn(page, email, password);
    await page.getByLabel('確認コード').fill(codes[0]!);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL((url) => url.pathname === '/moncafe');
    expect(await status(page)).toMatchObject({ authenticated: true });
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));

    // … and then no longer.
    await signIn(page, email, password);
    await page.getByLabel('確認コード').fill(codes[0]!);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.getByRole('alert').filter({ hasText: '確認コードが正しくありません' }).waitFor();
    expect(await status(page)).toMatchObject({ authenticated: false });
    await context.close();
  });

  // Last: once the admin has a passkey, their password alone no longer signs in (the staff test's setup uses it).
  it('an admin adds a passkey with the virtual authenticator and signs in with it, without a password', async () => {
    const context = await offlineContext(browser, server.url, desktop);
    const page = watch(await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = (await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    })) as { authenticatorId: string };

    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/moncafe');
    await page.goto('/account/security');
    await page.getByRole('heading', { name: 'ログインとセキュリティ' }).waitFor();
    await page.getByText('パスキーは登録されていません。').waitFor();
    const passkeys = page.locator('.panel', { has: page.getByRole('heading', { name: 'パスキー' }) });
    await passkeys.getByLabel('現在のパスワード（確認のため）').fill(ADMIN_PASSWORD);
    await passkeys.getByRole('button', { name: 'パスキーを追加する' }).click();
    await passkeys.getByText('パスキー 1').waitFor();
    await problems.screen(page, 'second-factor-passkey-added');
    const { credentials } = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: unknown[] };
    expect(credentials).toHaveLength(1);

    // Signed out, the passkey alone signs in.
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    expect(await status(page)).toMatchObject({ authenticated: false });
    await page.goto('/login?redirectTo=%2Fadmin');
    await page.getByRole('button', { name: 'パスキーを使う（パスワード不要）' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await status(page)).toMatchObject({ authenticated: true, user: { email: ADMIN_EMAIL } });

    // With a passkey, the admin's password alone opens no session: the second step asks for it.
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('heading', { name: '2段階認証' }).waitFor();
    expect(await status(page)).toMatchObject({ authenticated: false });
    await page.getByRole('button', { name: 'パスキーを使う' }).click();
    await page.waitForURL((url) => url.pathname === '/moncafe');
    expect(await status(page)).toMatchObject({ authenticated: true });
    await context.close();
  });
});
