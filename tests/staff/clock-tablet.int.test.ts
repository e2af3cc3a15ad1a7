import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { signUp } from '../support/accounts';
import { serverNow } from '../support/table-order';

/**
 * The store's shared tablet (/staff/clock, decision 612) over HTTP: each person sets a PIN on
 * their own screen; the tablet, signed in as a staff-area account of the store, presses for the
 * person chosen with their PIN. A wrong PIN, a person of another store and too many tries are
 * refused and change nothing; the presses follow the phone's rules.
 */
const STORE = '2';
const OTHER_STORE = '3';
const WINDOW_MS = 15 * 60_000;

let server: TestWebServer;
let admin: HttpClient;
/** The store's tablet: a staff account kept for the device, on store 2's staff. */
let tablet: HttpClient;
const people: Record<'aya' | 'ken' | 'west', { id: string; client: HttpClient; pin: string }> = {} as never;

async function person(name: string, email: string, storeId: string, pin: string) {
  const client = httpClient(server.url);
  const { id } = await signUp(client, { name, email, password: `${email}-password-123` });
  expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
  expect((await admin.send('PUT', `/api/users/${id}`, { json: { store_id: storeId, wage: 1200 } })).status).toBe(200);
  return { id, client, pin };
}

const press = (userId: string, pin: string, kind: string, storeId = STORE) =>
  tablet.post('/api/staff/clock/tablet', { store_id: storeId, user_id: userId, pin, kind });
const errorOf = (answer: { status: number; body: unknown }) => ({ status: answer.status, error: (answer.body as { error?: string }).error });

async function recordsOf(userId: string) {
  const month = tokyoDateOf(await serverNow(server)).slice(0, 7);
  const answer = await admin.getJson<{ staff: { user_id: string; days: { record_id: string | null; actual: { out: string | null } | null }[] }[] }>(
    `/api/admin/attendance?store_id=${STORE}&month=${month}`,
  );
  return (answer.body.staff.find((p) => p.user_id === userId)?.days ?? []).filter((d) => d.record_id);
}

beforeAll(async () => {
  server = await startTestWebServer();
  admin = httpClient(server.url);
  expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  people.aya = await person('打刻 彩', 'aya-tablet@moncafe.test', STORE, '2468');
  people.ken = await person('打刻 健', 'ken-tablet@moncafe.test', STORE, '97531');
  people.west = await person('西 一郎', 'west-tablet@moncafe.test', OTHER_STORE, '1357');
  tablet = (await person('店舗タブレット', 'tablet@moncafe.test', STORE, '0000')).client;
  for (const p of Object.values(people)) expect((await p.client.send('PUT', '/api/staff/clock-pin', { json: { pin: p.pin } })).status).toBe(200);
});
afterAll(() => server?.close());

describe('the store tablet', () => {
  it('takes a PIN of 4 to 6 digits only, and never answers it back', async () => {
    for (const pin of ['123', '1234567', '12a4', ''])
      expect(
        errorOf(await people.aya.client.send('PUT', '/api/staff/clock-pin', { json: { pin } }).then(async (r) => ({ status: r.status, body: await r.json() }))),
      ).toEqual({
        status: 400,
        error: 'PINは4〜6桁の数字で入力してください。',
      });
    const set = await people.aya.client.send('PUT', '/api/staff/clock-pin', { json: { pin: '2468' } });
    expect(await set.json()).toEqual({ success: true });
  });

  it('presses for the person chosen with their PIN, with the phone’s refusals', async () => {
    const clockedIn = await press(people.aya.id, '2468', 'in');
    expect(clockedIn).toEqual({ status: 200, body: { success: true, record_id: expect.any(String) as unknown, at: expect.any(String) as unknown } });
    expect(errorOf(await press(people.aya.id, '2468', 'in'))).toEqual({ status: 409, error: 'すでに出勤しています。先に退勤を記録してください。' });
    expect(errorOf(await press(people.ken.id, '97531', 'out'))).toEqual({ status: 409, error: 'まだ出勤していません。先に出勤を記録してください。' });
    expect(await recordsOf(people.aya.id)).toEqual([expect.objectContaining({ record_id: (clockedIn.body as { record_id: string }).record_id })]);
    expect(await recordsOf(people.ken.id)).toEqual([]);
  });

  it('refuses a wrong PIN, and another person’s PIN, changing nothing', async () => {
    const before = await recordsOf(people.aya.id);
    expect(errorOf(await press(people.aya.id, '1111', 'out'))).toEqual({ status: 403, error: 'PINが正しくありません。' });
    expect(errorOf(await press(people.aya.id, people.ken.pin, 'out'))).toEqual({ status: 403, error: 'PINが正しくありません。' });
    expect(await recordsOf(people.aya.id)).toEqual(before);
    expect((await recordsOf(people.aya.id))[0]!.actual!.out).toBeNull();
  });

  it('refuses a person of another store, even with their own PIN, and a tablet naming another store', async () => {
    expect(errorOf(await press(people.west.id, '1357', 'in'))).toEqual({ status: 403, error: 'この店舗のスタッフではありません。' });
    // The tablet belongs to store 2: a press it sends for store 3 is refused before any PIN is checked.
    expect((await press(people.west.id, '1357', 'in', OTHER_STORE)).status).toBe(403);
    const month = tokyoDateOf(await serverNow(server)).slice(0, 7);
    const west = await admin.getJson<{ staff: { user_id: string; days: { record_id: string | null }[] }[] }>(
      `/api/admin/attendance?store_id=${OTHER_STORE}&month=${month}`,
    );
    expect(west.body.staff.find((p) => p.user_id === people.west.id)?.days.filter((d) => d.record_id) ?? []).toEqual([]);
  });

  it('locks a person out after five tries in a quarter hour, right PIN or not, until the quarter ends', async () => {
    // Start just inside a fresh window, so the five tries share one.
    const now = (await serverNow(server)).getTime();
    await server.advanceClock(Math.ceil(now / WINDOW_MS) * WINDOW_MS + 60_000 - now);
    expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    for (let n = 0; n < 5; n++) expect(errorOf(await press(people.ken.id, `${1000 + n}`, 'in'))).toEqual({ status: 403, error: 'PINが正しくありません。' });
    const locked = await press(people.ken.id, '97531', 'in');
    expect(locked.status).toBe(429);
    expect(await recordsOf(people.ken.id)).toEqual([]);
    // Another person at the same tablet is not locked out.
    expect((await press(people.aya.id, '2468', 'out')).status).toBe(200);
    await server.advanceClock(WINDOW_MS);
    expect((await press(people.ken.id, '97531', 'in')).status).toBe(200);
    expect(await recordsOf(people.ken.id)).toHaveLength(1);
  });
});
