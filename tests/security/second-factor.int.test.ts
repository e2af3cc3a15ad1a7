import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Second factors over HTTP (decision 540): an authenticator app with recovery codes, the
 * sign-in's second step, its lock-out, an admin's reset with a reason, and the history of it.
 * TOTP codes are computed from the server's own clock (the test server's injected one).
 */
const RATE_LIMITED = 'しばらく時間をおいてから再試行してください';

function sessionCookieOf(response: Response): string | null {
  return response.headers.getSetCookie().find((c) => c.startsWith('moncafe_session=') && !c.startsWith('moncafe_session=;')) ?? null;
}

describe('second factors over HTTP', () => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTestWebServer({ env: { DEMO_DATA: '0' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The server's time now (its Clock port), as epoch seconds. */
  async function serverEpoch(): Promise<number> {
    const answer = await fetch(`${server.url}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":0}' });
    return Math.floor(Date.parse(((await answer.json()) as { now: string }).now) / 1000);
  }
  const codeNow = async (secret: string) => generate({ secret, epoch: await serverEpoch() });
  /** Moves the server into the next 30-second step, so a new code is not one already used. */
  const nextStep = () => server.advanceClock(30_000);

  async function withTotp(name: string, email: string, password: string) {
    const client = httpClient(server.url);
    const user = await signUp(client, { name, email, password });
    const setup = await client.postJson('/api/auth/mfa/totp/setup', { password });
    expect(setup.status, await setup.clone().text()).toBe(200);
    const { secret, otpauth_url } = (await setup.json()) as { secret: string; otpauth_url: string };
    const confirm = await client.postJson('/api/auth/mfa/totp/confirm', { code: await codeNow(secret) });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    const { recovery_codes } = (await confirm.json()) as { recovery_codes: string[] };
    return { client, user, secret, otpauth_url, recovery_codes };
  }

  async function passwordStep(email: string, password: string, address?: string): Promise<{ client: HttpClient; response: Response }> {
    const client = httpClient(server.url, address ? { address } : {});
    const response = await client.postJson('/api/auth/login', { email, password });
    return { client, response };
  }

  it('sets up an authenticator app with the password again, ten recovery codes, and asks for a code at sign-in', async () => {
    const client = httpClient(server.url);
    await signUp(client, { name: '二要素', email: 'totp@moncafe.test', password: 'totp-password-123' });
    const withoutPassword = await client.postJson('/api/auth/mfa/totp/setup', {});
    expect(withoutPassword.status).toBe(400);
    const wrongPassword = await client.postJson('/api/auth/mfa/totp/setup', { password: 'not-the-password' });
    expect(wrongPassword.status).toBe(400);
    expect((await httpClient(server.url).postJson('/api/auth/mfa/totp/setup', { password: 'totp-password-123' })).status, 'signed out').toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ success: false, field: 'password' });
    expect((await (await client.get('/api/auth/mfa/status')).json()) as object).toMatchObject({ enabled: false, totp: 'none' });

    const setup = await client.postJson('/api/auth/mfa/totp/setup', { password: 'totp-password-123' });
    const { secret, otpauth_url } = (await setup.json()) as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/MonCafe:totp%40moncafe\.test\?.*secret=/);
    // Pending: a password sign-in still opens a session until a code confirms the app.
    expect((await passwordStep('totp@moncafe.test', 'totp-password-123')).response.headers.getSetCookie().some((c) => c.startsWith('moncafe_session='))).toBe(
      true,
    );

    const wrongCode = await client.postJson('/api/auth/mfa/totp/confirm', { code: '000000' === (await codeNow(secret)) ? '111111' : '000000' });
    expect(wrongCode.status).toBe(400);
    const confirm = await client.postJson('/api/auth/mfa/totp/confirm', { code: await codeNow(secret) });
    const { recovery_codes } = (await confirm.json()) as { recovery_codes: string[] };
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    expect((await (await client.get('/api/auth/mfa/status')).json()) as object).toMatchObject({ enabled: true, totp: 'confirmed', recovery_codes_left: 10 });

    // A password alone opens no session now.
    const { client: signingIn, response } = await passwordStep('totp@moncafe.test', 'totp-password-123');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ mfa_required: true, methods: ['totp'] });
    expect(sessionCookieOf(response)).toBeNull();
    expect(await (await signingIn.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });

    // The code that confirmed the app is spent; the next step's code opens the session.
    expect((await signingIn.postJson('/api/auth/mfa/verify', { code: await codeNow(secret) })).status).toBe(401);
    await nextStep();
    const code = await codeNow(secret);
    const verified = await signingIn.postJson('/api/auth/mfa/verify', { code });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(sessionCookieOf(verified)).not.toBeNull();
    expect(await (await signingIn.get('/api/auth/status')).json()).toMatchObject({ authenticated: true, user: { email: 'totp@moncafe.test' } });

    // The same code once more, in a second sign-in: refused (no replay within its step).
    const again = await passwordStep('totp@moncafe.test', 'totp-password-123');
    expect((await again.client.postJson('/api/auth/mfa/verify', { code })).status).toBe(401);
    // The page form's second step: the same sign-in as the JSON one.
    await nextStep();
    const form = httpClient(server.url);
    const first = await form.send('POST', '/login', { form: { intent: 'login', email: 'totp@moncafe.test', password: 'totp-password-123' } });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('2段階認証');
    expect(sessionCookieOf(first)).toBeNull();
    const second = await form.send('POST', '/login', { form: { intent: 'mfa', code: await codeNow(secret), redirectTo: '/moncafe' } });
    expect(second.status, 'the form redirects once signed in').toBeGreaterThanOrEqual(300);
    expect(await (await form.get('/api/auth/status')).json()).toMatchObject({ authenticated: true });
  });

  it('signs in with a recovery code once, then no longer with it', async () => {
    const { recovery_codes } = await withTotp('回復', 'recovery@moncafe.test', 'recovery-password-1');
    const first = await passwordStep('recovery@moncafe.test', 'recovery-password-1');
    // Typed as people type them: lower case, without hyphens.
    const verified = await first.client.postJson('/api/auth/mfa/verify', { code: recovery_codes[0]!.replaceAll('-', '').toLowerCase() });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(await (await first.client.get('/api/auth/mfa/status')).json()).toMatchObject({ recovery_codes_left: 9 });

    const second = await passwordStep('recovery@moncafe.test', 'recovery-password-1');
    const reused = await second.client.postJson('/api/auth/mfa/verify', { code: recovery_codes[0] });
    expect(reused.status).toBe(401);
    expect(sessionCookieOf(reused)).toBeNull();
    expect((await second.client.postJson('/api/auth/mfa/verify', { code: recovery_codes[1] })).status).toBe(200);
  });

  it('opens no session for a code without a right password first', async () => {
    const { secret } = await withTotp('直接', 'direct@moncafe.test', 'direct-password-12');
    await nextStep();
    const stranger = httpClient(server.url);
    const response = await stranger.postJson('/api/auth/mfa/verify', { code: await codeNow(secret) });
    expect(response.status).toBe(401);
    expect(sessionCookieOf(response)).toBeNull();
    const wrong = await passwordStep('direct@moncafe.test', 'wrong-password-12');
    expect(wrong.response.status).toBe(401);
    expect((await wrong.client.postJson('/api/auth/mfa/verify', { code: await codeNow(secret) })).status).toBe(401);
  });

  it('locks the second step after five wrong codes, from any address, with back-off', async () => {
    const { secret } = await withTotp('施錠', 'lock@moncafe.test', 'lock-password-123');
    await nextStep();
    const attacker = await passwordStep('lock@moncafe.test', 'lock-password-123', '198.51.100.40');
    for (let i = 1; i <= 5; i++)
      expect((await attacker.client.postJson('/api/auth/mfa/verify', { code: String(100000 + i) })).status, `attempt ${i}`).toBe(401);
    const sixth = await attacker.client.postJson('/api/auth/mfa/verify', { code: await codeNow(secret) });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({ success: false, error: RATE_LIMITED });
    expect(sessionCookieOf(sixth)).toBeNull();
    // Someone with the password elsewhere is locked too: the second step is the account's.
    const elsewhere = await passwordStep('lock@moncafe.test', 'lock-password-123', '203.0.113.40');
    expect((await elsewhere.client.postJson('/api/auth/mfa/verify', { code: await codeNow(secret) })).status).toBe(429);
    expect(server.output()).toMatch(/"audit":"login_locked"/);

    await server.advanceClock(61_000);
    const later = await passwordStep('lock@moncafe.test', 'lock-password-123');
    const verified = await later.client.postJson('/api/auth/mfa/verify', { code: await codeNow(secret) });
    expect(verified.status, await verified.clone().text()).toBe(200);
  });

  it('lets an admin reset another account’s factors with a reason, on record in the history; removing needs the password', async () => {
    const { client: holder, user } = await withTotp('紛失', 'lost@moncafe.test', 'lost-password-1234');
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);

    expect((await holder.postJson(`/api/admin/users/${user.id}/mfa-reset`, { reason: '自分で' })).status, 'not an admin').toBe(403);
    const noReason = await admin.postJson(`/api/admin/users/${user.id}/mfa-reset`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await admin.postJson('/api/admin/users/no-such-account/mfa-reset', { reason: '紛失' })).status).toBe(404);
    const reset = await admin.postJson(`/api/admin/users/${user.id}/mfa-reset`, { reason: 'スマートフォンの紛失（電話で本人確認）' });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await reset.json()).toMatchObject({ success: true, reset: true });

    // The holder's sessions ended with the reset; a password alone signs in again.
    expect(await (await holder.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });
    const after = await passwordStep('lost@moncafe.test', 'lost-password-1234');
    expect(await after.response.json()).toMatchObject({ success: true });

    const history = await (await admin.get(`/admin/history?stream=${encodeURIComponent(`account-${user.id}`)}`)).text();
    expect(history).toContain('2段階認証のリセット');
    expect(history).toContain('スマートフォンの紛失（電話で本人確認）');
    expect(history).toContain('認証アプリの追加');
    // Secrets stay out of the history.
    expect(history).not.toMatch(/"secretSealed":"v1\./);

    // The holder sets the app up again and removes it: the password is asked again.
    const setup = await after.client.postJson('/api/auth/mfa/totp/setup', { password: 'lost-password-1234' });
    const { secret } = (await setup.json()) as { secret: string };
    await nextStep();
    expect((await after.client.postJson('/api/auth/mfa/totp/confirm', { code: await codeNow(secret) })).status).toBe(200);
    expect((await after.client.postJson('/api/auth/mfa/totp/remove', { password: 'wrong-password-xyz' })).status).toBe(400);
    expect((await after.client.postJson('/api/auth/mfa/totp/remove', { password: 'lost-password-1234' })).status).toBe(200);
    expect(await (await after.client.get('/api/auth/mfa/status')).json()).toMatchObject({ enabled: false, totp: 'none' });
    const removed = await (await admin.get(`/admin/history?stream=${encodeURIComponent(`account-${user.id}`)}`)).text();
    expect(removed).toContain('認証アプリの削除');
  });
});
