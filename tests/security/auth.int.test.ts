import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@moncafe/infra/db/connection';
import { signUp } from '../support/accounts';
import { httpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';

const RATE_LIMITED = 'リクエストが多すぎます。しばらく待ってから再試行してください。';
const EVIL = 'https://evil.example';

/** Every password this suite types, right or wrong: none may appear in logs, events or tables. */
const passwords = new Set<string>([ADMIN_PASSWORD]);
function password(value: string): string {
  passwords.add(value);
  return value;
}

function sessionCookieOf(response: Response): string | null {
  return response.headers.getSetCookie().find((c) => c.startsWith('moncafe_session=') && !c.startsWith('moncafe_session=;')) ?? null;
}

describe('accounts, sessions and the security baseline over HTTP', () => {
  let server: TestWebServer;
  beforeAll(async () => {
    server = await startTestWebServer({ env: { DEMO_DATA: '0' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs up with a case-insensitive unique e-mail and the password length rules', async () => {
    const client = httpClient(server.url);
    const short = await client.postJson('/api/auth/register', { name: '短い', email: 'short@moncafe.test', password: password('seven77') });
    expect(short.status).toBe(400);
    const long = await client.postJson('/api/auth/register', { name: '長い', email: 'long@moncafe.test', password: password('x'.repeat(129)) });
    expect(long.status).toBe(400);

    const ok = await client.postJson('/api/auth/register', { name: '花子', email: 'Hanako@MonCafe.test', password: password('hanako-password-15') });
    expect(ok.status).toBe(200);
    const answer = await ok.json();
    expect(sessionCookieOf(ok), 'signing up signs nobody in').toBeNull();

    // The same address again, in other letters: the same answer (sign-up tells nobody which
    // addresses exist), and the account keeps its own password.
    const again = await httpClient(server.url).postJson('/api/auth/register', {
      name: '別人',
      email: 'HANAKO@moncafe.test',
      password: password('another-password-1'),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect((await httpClient(server.url).postJson('/api/auth/login', { email: 'hanako@moncafe.test', password: 'another-password-1' })).status).toBe(401);
    const login = await httpClient(server.url).postJson('/api/auth/login', { email: 'HANAKO@moncafe.test', password: 'hanako-password-15' });
    expect(await login.json()).toMatchObject({ success: true, user: { name: '花子', email: 'hanako@moncafe.test' } });
  });

  it('keeps sessions on the server: HttpOnly Lax cookie, a new id at login, ended by logout', async () => {
    const client = httpClient(server.url);
    await signUp(client, { name: '太郎', email: 'taro@moncafe.test', password: password('taro-password-123') });
    const firstCookie = client.cookie;

    const login = await client.postJson('/api/auth/login', { email: 'taro@moncafe.test', password: 'taro-password-123' });
    expect(login.status).toBe(200);
    expect(sessionCookieOf(login)).toMatch(/; Path=\/; HttpOnly; SameSite=Lax/);
    expect(await login.json()).toMatchObject({ success: true, user: { name: '太郎', email: 'taro@moncafe.test' } });
    expect(client.cookie).not.toBe(firstCookie);

    // The session from before login is over: a planted or stolen pre-login id is useless.
    const stale = httpClient(server.url);
    stale.cookie = firstCookie;
    expect(await (await stale.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });

    const status = await client.get('/api/auth/status');
    expect(await status.json()).toMatchObject({ authenticated: true, user: { name: '太郎', email: 'taro@moncafe.test' } });

    const loggedInCookie = client.cookie;
    const logout = await client.send('POST', '/api/auth/logout');
    expect(logout.status).toBe(200);
    // Replaying the cookie after logout: the server no longer knows it.
    const replay = httpClient(server.url);
    replay.cookie = loggedInCookie;
    expect(await (await replay.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });
  });

  it('shows the spec failure text on the login screen', async () => {
    const client = httpClient(server.url);
    const response = await client.send('POST', '/login', { form: { intent: 'login', email: 'taro@moncafe.test', password: password('not-the-password') } });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('ログインに失敗しました: メールアドレスまたはパスワードが正しくありません');
  });

  it('locks an account after five wrong passwords from one address only, with back-off, never the owner elsewhere (finding 11)', async () => {
    await signUp(httpClient(server.url), { name: '次郎', email: 'jiro@moncafe.test', password: password('jiro-password-123') });
    // The probe: someone keeps guessing the account's password from their address.
    const attacker = { 'x-forwarded-for': '198.51.100.11' };
    const owner = { 'x-forwarded-for': '203.0.113.22' };
    const tryLogin = (pw: string, from: Record<string, string>) =>
      httpClient(server.url).postJson('/api/auth/login', { email: 'JIRO@moncafe.test', password: pw }, from);
    for (let i = 1; i <= 5; i++) expect((await tryLogin(password(`guess-number-${i}`), attacker)).status, `attempt ${i}`).toBe(401);
    const sixth = await tryLogin(password('guess-number-6'), attacker);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({ success: false, error: RATE_LIMITED });
    expect(server.output()).toMatch(/"audit":"login_locked"/);
    // The owner, from their own address, signs in all the same: the guesses locked only the attacker's address.
    expect((await tryLogin('jiro-password-123', owner)).status).toBe(200);
    // Signing in is not counted: the owner signs in again and again.
    for (let i = 0; i < 6; i++) expect((await tryLogin('jiro-password-123', owner)).status).toBe(200);

    // After the first minute the attacker may guess again, and five more wrong ones lock it for two minutes.
    await server.advanceClock(61_000);
    for (let i = 7; i <= 11; i++) expect((await tryLogin(password(`guess-number-${i}`), attacker)).status, `attempt ${i}`).toBe(401);
    await server.advanceClock(61_000);
    expect((await tryLogin('jiro-password-123', attacker)).status, 'the second lockout lasts longer than the first').toBe(429);
    await server.advanceClock(61_000);
    expect((await tryLogin('jiro-password-123', attacker)).status).toBe(200);
  });

  it('refuses cross-origin state changes with 403 and changes nothing', async () => {
    const anonymous = httpClient(server.url);
    const crossLogin = await anonymous.postJson('/api/auth/login', { email: 'taro@moncafe.test', password: 'taro-password-123' }, { origin: EVIL });
    expect(crossLogin.status).toBe(403);
    expect(sessionCookieOf(crossLogin)).toBeNull();

    const crossForm = await anonymous.send('POST', '/login', {
      form: { intent: 'login', email: 'taro@moncafe.test', password: 'taro-password-123' },
      headers: { 'sec-fetch-site': 'cross-site', origin: EVIL },
    });
    expect(crossForm.status).toBe(403);
    expect(sessionCookieOf(crossForm)).toBeNull();

    const crossRegister = await anonymous.postJson(
      '/api/auth/register',
      { name: '偽', email: 'forged@moncafe.test', password: password('forged-password-1') },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossRegister.status).toBe(403);
    // Nothing was registered: the address is still free, and its genuine owner's password is the one that signs in.
    await signUp(httpClient(server.url), { name: '本物', email: 'forged@moncafe.test', password: password('genuine-password-1') });

    // A signed-in admin lured to a hostile page: the role change is refused and not made.
    const admin = httpClient(server.url);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    const users = (await (await admin.get('/api/admin/users')).json()) as { users: { id: string; email: string; roles: string[] }[] };
    const taro = users.users.find((u) => u.email === 'taro@moncafe.test');
    expect(taro).toBeDefined();
    const forged = await admin.postJson(`/api/admin/users/${taro!.id}/roles`, { role: 'admin', grant: true }, { origin: EVIL });
    expect(forged.status).toBe(403);
    const after = (await (await admin.get('/api/admin/users')).json()) as typeof users;
    expect(after.users.find((u) => u.id === taro!.id)?.roles).toEqual([]);

    // The same change from our own origin goes through (and is audited as an event).
    expect((await admin.postJson(`/api/admin/users/${taro!.id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
    // The admin's user screen shows it, and an admin cannot remove their own admin role.
    const screen = await (await admin.get('/admin/users')).text();
    expect(screen).toContain('taro@moncafe.test');
    // Each toggle is named by its content: who and which role (decision 109).
    const staffToggle = [...screen.matchAll(/(<button[^>]*>)(.*?)<\/button>/g)].find((m) => m[2]!.includes('太郎: スタッフ'))?.[1];
    expect(staffToggle).toContain('aria-pressed="true"');
    const me = after.users.find((u) => u.email === ADMIN_EMAIL)!;
    expect((await admin.postJson(`/api/admin/users/${me.id}/roles`, { role: 'admin', grant: false })).status).toBe(409);
  });

  it('refuses a signed-in user without the role with 403, and sends anonymous visitors to login', async () => {
    const customer = httpClient(server.url);
    await signUp(customer, { name: '三郎', email: 'saburo@moncafe.test', password: password('saburo-password-1') });
    expect((await customer.get('/admin')).status).toBe(403);
    expect((await customer.get('/api/admin/users')).status).toBe(403);
    const anonymous = await httpClient(server.url).get('/staff?x=1');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirectTo=%2Fstaff%3Fx%3D1');
    const api = await httpClient(server.url).get('/api/admin/users');
    expect(api.status).toBe(401);
  });

  it('sends a CSP whose nonce every inline script carries, and the other security headers', async () => {
    const response = await httpClient(server.url).get('/login');
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      if (/\bsrc=/.test(tag)) continue;
      expect(tag, 'inline script without the nonce').toContain(`nonce="${nonce}"`);
    }
    // A fresh nonce per response.
    const second = await httpClient(server.url).get('/login');
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('explains inside the LINE app that login is limited there and offers the external browser', async () => {
    const line = await (await httpClient(server.url).get('/login?redirectTo=%2Fmy-reservations', { 'user-agent': 'Mozilla/5.0 (iPhone) Line/13.1.0' })).text();
    expect(line).toContain('LINEアプリ内のブラウザではログインが制限されています');
    expect(line).toContain('href="/login?redirectTo=%2Fmy-reservations&amp;openExternalBrowser=1"');
    const other = await (await httpClient(server.url).get('/login', { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' })).text();
    expect(other).not.toContain('LINEアプリ内のブラウザ');
  });

  it(
    "counts anonymous calls per address (600 a minute) but not a signed-in admin's floor work from one address (decision 431)",
    { timeout: 120_000 },
    async () => {
      // 1,250 calls: past the limit even if a window (aligned to the clock) ends half-way, when
      // two windows' worth, 1,200, would pass.
      const CALLS = 1250;
      /** Up to CALLS GETs of `path` by `client`, 20 at a time, until one answers 429: their statuses. */
      const calls = async (client: ReturnType<typeof httpClient>, path: string) => {
        const statuses: number[] = [];
        await Promise.all(
          Array.from({ length: 20 }, async () => {
            while (statuses.length < CALLS && !statuses.includes(429)) {
              const answer = await client.get(path);
              statuses.push(answer.status);
              await answer.arrayBuffer();
            }
          }),
        );
        return statuses;
      };
      // The café's router: one address for the owner's tablet, as for every device behind it.
      const admin = httpClient(server.url, { address: '203.0.113.33' });
      expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
      const adminStatuses = await calls(admin, '/api/admin/stores');
      expect(adminStatuses.length).toBeGreaterThanOrEqual(CALLS);
      expect(adminStatuses.filter((s) => s !== 200)).toEqual([]);

      // A script with no session is still refused with the spec's 429.
      const script = httpClient(server.url, { address: '203.0.113.34' });
      const scriptStatuses = await calls(script, '/api/stores');
      expect(scriptStatuses).toContain(429);
    },
  );

  it('writes audit lines as JSON for logins, failures, role changes and refusals', () => {
    const audits = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { audit?: string })
      .flatMap((entry) => (entry.audit ? [entry.audit] : []));
    for (const event of [
      'login_succeeded',
      'login_failed',
      'role_granted',
      'authorization_denied',
      'csrf_refused',
      'rate_limited',
      'logout',
      'account_registered',
    ]) {
      expect(audits, event).toContain(event);
    }
  });

  it('never writes a password to the logs, the events or any table', async () => {
    await server.stop();
    const output = server.output();
    expect(output.length).toBeGreaterThan(0);
    const database = await openDatabase({ dataDir: server.dataDir });
    try {
      const { rows: tables } = await database.pool.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      let dump = '';
      for (const { table_name } of tables) {
        const { rows } = await database.pool.query<{ row: string }>(`select t::text as row from "${table_name}" t`);
        dump += rows.map((r) => r.row).join('\n');
      }
      // The dump reaches the read models (the address is in the accounts table); the events hold
      // the password hash sealed with the account's key (decision 180), so not even it is there.
      expect(dump).toContain('hanako@moncafe.test');
      expect(dump).not.toContain('$argon2id$');
      for (const secret of passwords) {
        expect(output.includes(secret), `password in the server output: ${secret}`).toBe(false);
        expect(dump.includes(secret), `password in the database: ${secret}`).toBe(false);
      }
    } finally {
      await database.close();
    }
  });
});
