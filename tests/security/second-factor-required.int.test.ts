import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Who must have a second factor (decision 540), over HTTP on the demo cafe: a store that turns on
 * `second_factor_for_staff` on /admin/stores asks its staff for one — the first sign-in without
 * one starts a 7-day grace and signs in, with the deadline; after it a password alone opens no
 * session, only the adding of a factor, which then completes the sign-in. (Admins in production
 * follow the same path; the rule that they must is in domain/src/account/second-factor.unit.test.ts,
 * since test servers never run as production.)
 */
const STORE = '2';
const STAFF = { name: '必須 花子', email: 'hanako.factor@moncafe.test', password: 'hanako-factor-password' };
const DAY_MS = 86_400_000;

let server: TestWebServer;
let admin: HttpClient;
let staffId: string;

function sessionCookieOf(response: Response): string | null {
  return response.headers.getSetCookie().find((c) => c.startsWith('moncafe_session=') && !c.startsWith('moncafe_session=;')) ?? null;
}
const signIn = async (client: HttpClient, email: string, password: string) => client.postJson('/api/auth/login', { email, password });
const signInAdmin = async () => expect((await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);

type AdminStore = { store_id: string; name: string; second_factor_for_staff: boolean; wage_retention_years: number } & Record<string, unknown>;
async function storeOf(id: string): Promise<AdminStore> {
  const stores = (await (await admin.get('/api/admin/stores')).json()) as AdminStore[];
  return stores.find((s) => s.store_id === id)!;
}

beforeAll(async () => {
  server = await startTestWebServer();
  admin = httpClient(server.url);
  await signInAdmin();
  staffId = (await signUp(httpClient(server.url), STAFF)).id;
  expect((await admin.postJson(`/api/admin/users/${staffId}/roles`, { role: 'staff', grant: true })).status).toBe(200);
  expect((await admin.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: null } })).status).toBe(200);
});
afterAll(() => server?.close());

describe('a store that requires a second factor of its staff', () => {
  it('is set on /admin/stores, kept by an edit that leaves it out, and never published', async () => {
    const before = await storeOf(STORE);
    expect(before).toMatchObject({ second_factor_for_staff: false, wage_retention_years: 5 });
    // Without the setting a staff member signs in with the password alone, asked for nothing.
    const plain = await signIn(httpClient(server.url), STAFF.email, STAFF.password);
    expect(await plain.json()).not.toHaveProperty('mfa_setup_deadline');

    const { name, postal_code, address, phone, email, access_note, display_order } = before;
    const fields = { name, postal_code, address, phone, email, access_note, display_order };
    const turnedOn = await admin.send('PUT', `/api/admin/stores/${STORE}`, { json: { ...fields, second_factor_for_staff: true, wage_retention_years: 7 } });
    expect(turnedOn.status, await turnedOn.clone().text()).toBe(200);
    expect(await storeOf(STORE)).toMatchObject({ second_factor_for_staff: true, wage_retention_years: 7 });
    expect((await admin.send('PUT', `/api/admin/stores/${STORE}`, { json: { ...fields, wage_retention_years: 0 } })).status).toBe(400);
    expect((await admin.send('PUT', `/api/admin/stores/${STORE}`, { json: { ...fields, name: `${String(name)}` } })).status).toBe(200);
    expect(await storeOf(STORE), 'an edit without the settings keeps them').toMatchObject({ second_factor_for_staff: true, wage_retention_years: 7 });
    const published = JSON.stringify(await (await httpClient(server.url).get('/api/stores')).json());
    expect(published).not.toContain('second_factor_for_staff');
    expect(published).not.toContain('wage_retention_years');
  });

  it('signs a staff member without a factor in during a 7-day grace, then opens no session for a password alone until one is added', async () => {
    const start = await server.now();
    const first = httpClient(server.url);
    const inGrace = await signIn(first, STAFF.email, STAFF.password);
    expect(inGrace.status).toBe(200);
    const { mfa_setup_deadline } = (await inGrace.json()) as { mfa_setup_deadline: string };
    expect(Date.parse(mfa_setup_deadline) - start.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS - 60_000);
    expect(Date.parse(mfa_setup_deadline) - start.getTime()).toBeLessThanOrEqual(7 * DAY_MS + 60_000);
    expect(await (await first.get('/api/auth/status')).json()).toMatchObject({ authenticated: true });

    // Six days on: still in the grace, the same deadline (it does not start again).
    await server.advanceClock(6 * DAY_MS);
    const later = await signIn(httpClient(server.url), STAFF.email, STAFF.password);
    expect(await later.json()).toMatchObject({ success: true, mfa_setup_deadline });

    // Past the deadline: the password opens no session, only the adding of a factor.
    await server.advanceClock(DAY_MS + 60_000);
    await signInAdmin();
    const overdue = httpClient(server.url);
    const refused = await signIn(overdue, STAFF.email, STAFF.password);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ success: false, mfa_setup_required: true, deadline: mfa_setup_deadline });
    expect(sessionCookieOf(refused)).toBeNull();
    expect(await (await overdue.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });
    expect((await overdue.get(`/api/users?store_id=${STORE}`)).status, 'no staff call either').toBe(401);

    // Adding the authenticator app in that step completes the sign-in.
    const setup = await overdue.postJson('/api/auth/mfa/totp/setup', {});
    expect(setup.status, await setup.clone().text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const epoch = Math.floor((await server.now()).getTime() / 1000);
    const confirmed = await overdue.postJson('/api/auth/mfa/totp/confirm', { code: await generate({ secret, epoch }) });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(sessionCookieOf(confirmed)).not.toBeNull();
    expect(await (await overdue.get('/api/auth/status')).json()).toMatchObject({ authenticated: true, user: { email: STAFF.email } });

    // From now on the password asks for the code.
    expect(await (await signIn(httpClient(server.url), STAFF.email, STAFF.password)).json()).toMatchObject({ mfa_required: true, methods: ['totp'] });
  });
});
