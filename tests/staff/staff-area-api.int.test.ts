import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { takesWeekendTimes } from '@moncafe/domain/shift/rules';
import { demoPng } from '@moncafe/demo/staff-area';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { signUp } from '../support/accounts';

/**
 * The staff area's calls against the real server with the demo cafe (store 2): who may see a
 * wage, submissions refused honestly, checklists per business day (the server clock moved),
 * supplier passwords revealed on record and never logged, and staff photos.
 */
const STORE = '2';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestWebServer;
let admin: HttpClient;
let staff: HttpClient;
let staffId: string;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startTestWebServer();
  admin = httpClient(server.url);
  expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  staff = httpClient(server.url);
  staffId = (await signUp(staff, { name: '山本 彩', email: 'aya@moncafe.test', password: 'aya-password-123' })).id;
  expect((await admin.postJson(`/api/admin/users/${staffId}/roles`, { role: 'staff', grant: true })).status).toBe(200);
});
afterAll(() => server?.close());

describe('store staff', () => {
  it('answers wages to admins only, and lists someone once the admin adds them to the store', async () => {
    // Not on the store's staff list yet: the store's staff are not theirs to read (decision 162).
    const before = await staff.get(`/api/users?store_id=${STORE}`);
    expect(before.status).toBe(403);
    expect(((await json<{ id: string }[]>(await admin.get(`/api/users?store_id=${STORE}`))) as { id: string }[]).some((u) => u.id === staffId)).toBe(false);
    expect((await admin.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: 1300 } })).status).toBe(200);
    // Staff may not set wages.
    expect((await staff.send('PUT', `/api/users/${staffId}`, { json: { store_id: STORE, wage: 9999 } })).status).toBe(403);

    const asAdmin = await json<{ id: string; name: string; wage?: number }[]>(await admin.get(`/api/users?store_id=${STORE}`));
    expect(asAdmin.find((u) => u.id === staffId)).toEqual({ id: staffId, name: '山本 彩', wage: 1300 });
    const asStaff = await json<Record<string, unknown>[]>(await staff.get(`/api/users?store_id=${STORE}`));
    expect(asStaff.find((u) => u.id === staffId)).toEqual({ id: staffId, name: '山本 彩' });
    expect(asStaff.every((u) => !('wage' in u))).toBe(true);
    // The demo's three staff members are there too.
    expect(asStaff.length).toBeGreaterThanOrEqual(4);
  });
});

describe('shift submission', () => {
  it('refuses an end before the start, and someone not on the store staff, changing nothing', async () => {
    const next = addDays(tokyoDateOf(await server.now()), 35).slice(0, 7);
    const backwards = await staff.post('/api/shift/submit', {
      store_id: STORE,
      user_id: staffId,
      shifts: [{ shift_date: `${next}-10`, start_time: '15:00', end_time: '10:00' }],
    });
    expect(backwards).toEqual({ status: 400, body: expect.objectContaining({ error: `${next}-10 の終了時刻は開始時刻より後にしてください` }) as unknown });
    const stranger = await staff.post('/api/shift/submit', {
      store_id: '999',
      user_id: staffId,
      shifts: [{ shift_date: `${next}-10`, start_time: '10:00', end_time: '15:00' }],
    });
    expect(stranger).toEqual({ status: 403, body: expect.objectContaining({ error: 'この店舗のスタッフではありません。' }) as unknown });
    const submissions = await json<unknown[]>(await admin.get(`/api/admin/shift-submissions?store_id=999&month=${next}`));
    expect(submissions).toEqual([]);
  });

  it('takes a member’s wishes under their own name only, appending nothing for a colleague; an admin may submit for anyone (decision 189)', async () => {
    const next = addDays(tokyoDateOf(await server.now()), 35).slice(0, 7);
    const colleague = (await json<{ id: string; name: string }[]>(await staff.get(`/api/users?store_id=${STORE}`))).find((u) => u.id !== staffId)!;
    const recruit = await json<{ weekday_start: string; weekday_end: string }>(await admin.get(`/api/admin/shift-recruit-time?store_id=${STORE}`));
    // A weekday that takes the weekday recruit times.
    const day = Array.from({ length: 28 }, (_, i) => `${next}-${String(i + 1).padStart(2, '0')}`).find((d) => !takesWeekendTimes(d))!;
    const wish = { shift_date: day, start_time: recruit.weekday_start, end_time: recruit.weekday_end };
    const submittedBy = async (userId: string) =>
      (await json<{ user_id: string; shift_date: string }[]>(await admin.get(`/api/admin/shift-submissions?store_id=${STORE}&month=${next}`))).filter(
        (s) => s.user_id === userId && s.shift_date === day,
      ).length;
    const before = await submittedBy(colleague.id);

    const forColleague = await staff.post('/api/shift/submit', { store_id: STORE, user_id: colleague.id, shifts: [wish] });
    expect(forColleague).toEqual({ status: 403, body: expect.objectContaining({ error: 'シフトはご自身の分だけ提出できます。' }) as unknown });
    expect(await submittedBy(colleague.id)).toBe(before);

    expect((await staff.post('/api/shift/submit', { store_id: STORE, user_id: staffId, shifts: [wish] })).status).toBe(200);
    expect((await admin.postJson('/api/shift/submit', { store_id: STORE, user_id: colleague.id, shifts: [wish] })).status).toBe(200);
    expect(await submittedBy(colleague.id)).toBe(1);
  });
});

describe('checklists', () => {
  it('record who ticked and when for today; the next business day starts unticked and today stays in history', async () => {
    const day = await json<{ business_day: string; tasks: { id: string; completed: boolean }[] }>(await staff.get(`/api/store-opening-tasks/${STORE}`));
    expect(day.tasks.length).toBeGreaterThan(1);
    const [first] = day.tasks;
    const tick = await staff.send('PUT', `/api/store-opening-tasks/${first!.id}`, { json: { completed: true } });
    expect(tick.status).toBe(200);
    // A closing task cannot be ticked through the opening list.
    const closing = await json<{ tasks: { id: string }[] }>(await staff.get(`/api/store-close-tasks/${STORE}`));
    expect((await staff.send('PUT', `/api/store-opening-tasks/${closing.tasks[0]!.id}`, { json: { completed: true } })).status).toBe(404);

    const ticked = await json<{ tasks: { id: string; completed: boolean; changed_by: string; changed_at: string }[] }>(
      await staff.get(`/api/store-opening-tasks/${STORE}`),
    );
    expect(ticked.tasks[0]).toMatchObject({ id: first!.id, completed: true, changed_by: '山本 彩' });
    expect(Date.now() - Date.parse(ticked.tasks[0]!.changed_at)).toBeLessThan(60_000);

    await server.advanceClock(DAY_MS);
    const tomorrow = await json<{ business_day: string; tasks: { completed: boolean }[] }>(await staff.get(`/api/store-opening-tasks/${STORE}`));
    expect(tomorrow.business_day).toBe(addDays(day.business_day, 1));
    expect(tomorrow.tasks.every((t) => !t.completed)).toBe(true);
    const history = await json<{ business_day: string; tasks: { id: string; completed: boolean; changed_by: string }[] }>(
      await staff.get(`/api/store-opening-tasks/${STORE}?date=${day.business_day}`),
    );
    expect(history.business_day).toBe(day.business_day);
    expect(history.tasks[0]).toMatchObject({ id: first!.id, completed: true, changed_by: '山本 彩' });
  });
});

describe('supplier passwords', () => {
  it('are never in a list, are revealed to staff on record, and never reach the log', async () => {
    const suppliers = await staff.get(`/api/order-management?store_id=${STORE}`);
    const listed = await suppliers.text();
    expect(listed).not.toContain('demo-Beans-2024');
    const beans = (JSON.parse(listed) as { id: string; has_password: boolean; reveal_count?: number }[]).find((s) => s.has_password)!;
    expect(beans).not.toHaveProperty('reveal_count');

    const reveal = await staff.send('POST', `/api/order-management/${beans.id}/reveal-password`, { json: {} });
    expect(reveal.headers.get('cache-control')).toBe('no-store');
    expect(await reveal.json()).toEqual({ success: true, password: 'demo-Beans-2024' });
    // Customers may not.
    const customer = httpClient(server.url);
    await signUp(customer, { name: 'お客', email: 'guest@moncafe.test', password: 'guest-password-123' });
    expect((await customer.send('POST', `/api/order-management/${beans.id}/reveal-password`, { json: {} })).status).toBe(403);

    const asAdmin = await json<{ id: string; reveal_count: number; last_revealed_by: string }[]>(await admin.get(`/api/order-management?store_id=${STORE}`));
    expect(asAdmin.find((s) => s.id === beans.id)).toMatchObject({ reveal_count: 1, last_revealed_by: '山本 彩' });
    expect(server.output()).not.toContain('demo-Beans-2024');
  });
});

describe('staff photos', () => {
  it('take PNG, JPEG or WebP from admins, and serve them to staff with long private caching', async () => {
    const refused = await admin.send('POST', '/api/staff-photos', { bytes: new TextEncoder().encode('<svg></svg>') });
    expect(refused.status).toBe(415);
    expect((await staff.send('POST', '/api/staff-photos', { bytes: demoPng([1, 2, 3]) })).status).toBe(403);
    const uploaded = await json<{ id: string }>(await admin.send('POST', '/api/staff-photos', { bytes: demoPng([1, 2, 3]) }));
    const photo = await staff.get(`/api/staff-photos/${uploaded.id}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await httpClient(server.url).get(`/api/staff-photos/${uploaded.id}`)).status).toBe(401);

    // A recipe may only name uploaded staff photos.
    const bad = await admin.post('/api/recipes', { store_id: STORE, name: 'テスト', photos: ['f'.repeat(64)] });
    expect(bad.status).toBe(400);
    const good = await admin.post<{ id: string }>('/api/recipes', {
      store_id: STORE,
      name: 'テスト',
      photos: [uploaded.id],
      steps: [{ text: '焼く', photos: [uploaded.id] }],
    });
    expect(good.status).toBe(200);
    const recipe = await json<{ photos: string[]; recipeSteps: { step_number: number; step_text: string; photos: string[] }[] }>(
      await staff.get(`/api/recipes/${good.body.id}`),
    );
    expect(recipe).toMatchObject({ photos: [uploaded.id], recipeSteps: [{ step_number: 1, step_text: '焼く', photos: [uploaded.id] }] });
  });
});
