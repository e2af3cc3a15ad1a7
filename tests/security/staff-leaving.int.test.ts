import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { AT_DEMO_STORE } from '../support/table-order';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';

/**
 * Staff who leave (decision 620) over HTTP, on the demo cafe's store 2: removed at once (no
 * sign-in, shifts and attendance kept), forgotten only once the wage records' retention (5 years
 * by default) has passed — the server's clock moved past it — and then their name is in no
 * screen, call or export, while their shift and attendance stay under a pseudonym.
 */
const STORE = '2';
const LEAVER = { name: '退職 太郎', email: 'taro.leaves@moncafe.test', password: 'taro-leaves-password-1' };
const OTHER = { name: '在籍 次郎', email: 'jiro.stays@moncafe.test', password: 'jiro-stays-password-12' };

let server: TestWebServer;
let admin: HttpClient;
let leaver: HttpClient;
let leaverId: string;
let otherId: string;
let shiftDay: string;

const signInAdmin = async () => expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
const press = (client: HttpClient, kind: 'in' | 'out') =>
  client.post('/api/staff/clock', { store_id: STORE, kind, latitude: AT_DEMO_STORE.lat, longitude: AT_DEMO_STORE.lng, accuracy: AT_DEMO_STORE.accuracy });

async function hire(client: HttpClient, person: { name: string; email: string; password: string }): Promise<string> {
  const { id } = await signUp(client, person);
  expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
  expect((await admin.send('PUT', `/api/users/${id}`, { json: { store_id: STORE, wage: 1100 } })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  server = await startTestWebServer();
  admin = httpClient(server.url);
  await signInAdmin();
  leaver = httpClient(server.url);
  leaverId = await hire(leaver, LEAVER);
  otherId = await hire(httpClient(server.url), OTHER);
  expect((await leaver.postJson('/api/auth/login', { email: LEAVER.email, password: LEAVER.password })).status).toBe(200);
  shiftDay = addDays(tokyoDateOf(await server.now()), 3);
  const plan = await admin.post('/api/admin/shifts', { store_id: STORE, user_id: leaverId, shift_date: shiftDay, start_time: '10:00', end_time: '15:00' });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  expect((await press(leaver, 'in')).status).toBe(200);
  await server.advanceClock(2 * 3_600_000);
  expect((await press(leaver, 'out')).status).toBe(200);
});
afterAll(() => server?.close());

describe('a staff member who leaves', () => {
  it('is refused for an unknown account, another store and themself, and only as an admin', async () => {
    const stores = (await (await admin.get('/api/stores')).json()) as { store_id: string }[];
    const elsewhere = stores.map((s) => s.store_id).find((id) => id !== STORE) ?? 'no-such-store';
    expect((await admin.postJson('/api/admin/users/no-such-account/leave', { store_id: STORE })).status).toBe(404);
    const another = await admin.postJson(`/api/admin/users/${otherId}/leave`, { store_id: elsewhere });
    expect(another.status, 'a person of another store is not found from this one').toBe(404);
    expect((await admin.postJson(`/api/admin/users/${otherId}/leave`, { store_id: 'x y' })).status).toBe(400);
    expect((await leaver.postJson(`/api/admin/users/${otherId}/leave`, { store_id: STORE })).status, 'staff may not').toBe(403);
    // Nothing changed: the other person still signs in.
    expect((await httpClient(server.url).postJson('/api/auth/login', { email: OTHER.email, password: OTHER.password })).status).toBe(200);
  });

  it('is removed: their session ends, no password signs them in, no role comes back; their records stay', async () => {
    const removed = await admin.postJson(`/api/admin/users/${leaverId}/leave`, { store_id: STORE });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await removed.json()).toMatchObject({ success: true, removed: true });
    expect(await (await leaver.get('/api/auth/status')).json()).toMatchObject({ authenticated: false });
    const again = await httpClient(server.url).postJson('/api/auth/login', { email: LEAVER.email, password: LEAVER.password });
    expect(again.status).toBe(401);
    // Resent: nothing more happens.
    expect(await (await admin.postJson(`/api/admin/users/${leaverId}/leave`, { store_id: STORE })).json()).toMatchObject({ removed: false });
    expect((await admin.postJson(`/api/admin/users/${leaverId}/roles`, { role: 'staff', grant: true })).status).toBe(409);

    const shifts = await (await admin.get(`/api/admin/shifts/all?store_id=${STORE}&month=${shiftDay.slice(0, 7)}`)).text();
    expect(shifts).toContain(leaverId);
    const users = await (await admin.get('/admin/users')).text();
    expect(users).toContain(LEAVER.name);
    expect(users).toContain('退職済み');
  });

  it('is not forgotten before the wage records’ retention has passed, and nothing is erased', async () => {
    const early = await admin.postJson(`/api/admin/users/${leaverId}/forget`, { store_id: STORE });
    expect(early.status).toBe(409);
    // Five years after the last record (the shift three days ahead).
    const until = `${Number(shiftDay.slice(0, 4)) + 5}${shiftDay.slice(4)}`;
    expect(await early.json()).toMatchObject({ success: false, error: `賃金台帳・出勤簿の保存期間中です。${until}以降に削除できます。` });
    expect((await (await admin.postJson(`/api/admin/users/${otherId}/forget`, { store_id: STORE })).json()) as object).toMatchObject({
      error: '退職として削除してから、個人情報を削除できます。',
    });
    expect(await (await admin.get(`/api/users?store_id=${STORE}`)).text()).toContain(LEAVER.name);
  });

  it('is forgotten once it has passed: the name is in no screen, call or export, the shift and attendance stay under a pseudonym', async () => {
    const now = await server.now();
    const past = Date.parse(`${Number(shiftDay.slice(0, 4)) + 5}${shiftDay.slice(4)}T00:00:00+09:00`) + 86_400_000;
    await server.advanceClock(past - now.getTime());
    // Sessions end by the server's clock: years on, the admin signs in again.
    await signInAdmin();
    const forgotten = await admin.postJson(`/api/admin/users/${leaverId}/forget`, { store_id: STORE });
    expect(forgotten.status, await forgotten.clone().text()).toBe(200);
    const { pseudonym } = (await forgotten.json()) as { pseudonym: string };
    expect(pseudonym).toMatch(/^staff-[0-9a-f]{8}$/);
    expect(await (await admin.postJson(`/api/admin/users/${leaverId}/forget`, { store_id: STORE })).json()).toMatchObject({ forgotten: false });

    const month = shiftDay.slice(0, 7);
    const pressMonth = tokyoDateOf(now).slice(0, 7);
    const reads = {
      users: await (await admin.get('/admin/users')).text(),
      storeStaff: await (await admin.get(`/api/users?store_id=${STORE}`)).text(),
      shifts: await (await admin.get(`/api/admin/shifts/all?store_id=${STORE}&month=${month}`)).text(),
      attendance: await (await admin.get(`/api/admin/attendance?store_id=${STORE}&month=${pressMonth}`)).text(),
      attendanceCsv: await (await admin.get(`/api/admin/attendance/export.csv?store_id=${STORE}&month=${pressMonth}`)).text(),
      shiftsCsv: await (await admin.get(`/api/admin/sales/export/shifts?store_id=${STORE}&from=${shiftDay}&to=${shiftDay}`)).text(),
      history: await (await admin.get(`/admin/history?stream=${encodeURIComponent(`account-${leaverId}`)}`)).text(),
      eventLog: await (await admin.get('/api/admin/database/export')).text(),
    };
    for (const [where, text] of Object.entries(reads)) {
      expect(text, where).not.toContain(LEAVER.name);
      expect(text, where).not.toContain(LEAVER.email);
    }
    expect(reads.users).toContain(pseudonym);
    expect(reads.history).toContain('退職したスタッフの個人情報の削除');
    // The records stay, under the pseudonym.
    const shifts = JSON.parse(reads.shifts) as unknown;
    expect(JSON.stringify(shifts)).toContain(leaverId);
    expect(reads.shifts).toContain(pseudonym);
    const attendance = JSON.parse(reads.attendance) as { staff: { user_id: string; name: string; days: { actual: unknown }[] }[] };
    const person = attendance.staff.find((p) => p.user_id === leaverId);
    expect(person?.name).toBe(pseudonym);
    expect(person?.days.some((d) => d.actual !== null)).toBe(true);
    expect(reads.attendanceCsv).toContain(pseudonym);
    // The other person is as they were.
    expect(reads.storeStaff).toContain(OTHER.name);
    // Forgotten, no one signs in as them.
    expect((await httpClient(server.url).postJson('/api/auth/login', { email: LEAVER.email, password: LEAVER.password })).status).toBe(401);
  });
});
