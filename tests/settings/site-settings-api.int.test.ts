import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestWebServer, type TestWebServer } from '../support/web-server';
import { signUp } from '../support/accounts';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';

/**
 * The site settings' writes over HTTP: only admins write (anonymous is sent to sign in, staff
 * are refused), a bad record is refused with the problem named and changes nothing, a file that
 * is not a picture (or too large) is refused and stores nothing.
 */
let server: TestWebServer;
let admin: HttpClient;
let staff: HttpClient;
let database: TestDatabase | null = null;
const STORE = '2';

beforeAll(async () => {
  // On the real PostgreSQL when there is one: the last test reads the events the writes recorded.
  const pgUrl = await postgresUrl();
  database = pgUrl ? await createTestDatabase(pgUrl, 'moncafe_settings') : null;
  server = await startTestWebServer(database ? { env: { DATABASE_URL: database.url } } : {});
  admin = httpClient(server.url);
  expect((await admin.postJson('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
  staff = httpClient(server.url);
  const account = await signUp(staff, { name: '山本 彩', email: 'aya@moncafe.test', password: 'aya-password-123' });
  expect((await admin.postJson(`/api/admin/users/${account.id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
  expect((await staff.postJson('/api/auth/login', { email: 'aya@moncafe.test', password: 'aya-password-123' })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const day = async (date: string) =>
  (
    await httpClient(server.url).getJson<Record<string, { is_closed: boolean; open_time: string | null }>>(
      `/api/admin/business-hours?start_date=${date}&end_date=${date}&store_id=${STORE}`,
    )
  ).body[date]!;

describe('site settings writes', () => {
  it('refuse anyone but an admin, and change nothing', async () => {
    const before = await httpClient(server.url).getJson<{ content: string }>('/api/admin/disclaimer');
    for (const [who, expected] of [
      [httpClient(server.url), [302, 401]],
      [staff, [403]],
    ] as const) {
      const r = await who.send('POST', '/admin/disclaimer', { form: { store_id: STORE, content: '乗っ取り' } });
      expect(expected).toContain(r.status);
      for (const path of ['/admin/business-hours', '/admin/homepage-settings', '/admin/email-settings', '/admin/notifications']) {
        expect(expected).toContain((await who.send('POST', path, { json: { intent: 'remove', id: 'x' } })).status);
      }
      expect(expected).toContain((await who.send('POST', '/api/admin/homepage-settings/images', { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) })).status);
    }
    expect((await httpClient(server.url).getJson('/api/admin/disclaimer')).body).toEqual(before.body);
  });

  it('refuse a bad record with the problem named, and keep what was there', async () => {
    const date = '2030-01-15';
    const kept = await day(date);
    const bad = await admin.send('POST', `/admin/business-hours?store_id=${STORE}`, {
      form: { intent: 'date', store_id: STORE, date, open_time: '18:00', close_time: '09:00' },
    });
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).toContain('閉店時刻は開店時刻より後にしてください');
    expect(badText).not.toContain('close_time must be after open_time');
    expect(await day(date)).toEqual(kept);

    const badTime = await admin.send('POST', `/admin/business-hours?store_id=${STORE}`, { form: { intent: 'weekday', weekday: '9', store_id: STORE } });
    expect(badTime.status).toBe(400);

    const badMail = await admin.send('POST', '/admin/notifications', {
      json: { settings: { store_id: STORE, recipients: [{ email: 'not-an-address', new_booking: true }], low_stock_threshold: 3 } },
    });
    expect(badMail.status).toBe(400);
    expect(await badMail.text()).toContain('「メールアドレス」');

    const badCard = await admin.send('POST', '/admin/homepage-settings', {
      json: { intent: 'save', id: null, card: { card_type: 'other', link_url: 'javascript:alert(1)' } },
    });
    expect(badCard.status).toBe(400);
    const badNotice = await admin.send('POST', '/admin/email-settings', { json: { intent: 'save', id: null, notice: { content: '' } } });
    expect(badNotice.status).toBe(400);
    const cards = (await httpClient(server.url).getJson<unknown[]>('/api/admin/homepage-settings')).body;
    expect(cards.some((c) => JSON.stringify(c).includes('javascript'))).toBe(false);

    // A good one goes through, and is what the customer site reads.
    const ok = await admin.send('POST', `/admin/business-hours?store_id=${STORE}`, { form: { intent: 'date', store_id: STORE, date, is_closed: 'on' } });
    expect(ok.status).toBe(200);
    expect((await day(date)).is_closed).toBe(true);
  });

  it('keep the guests’ reminder setting the reminders read (decision 290), refusing an hour outside 0–23', async () => {
    if (!database) return;
    const pool = database.pool(1);
    const reminderSetting = async () =>
      (await pool.query('select guest_reminders, reminder_hour from notification_settings where store_id = $1', [STORE])).rows[0] as
        { guest_reminders: boolean; reminder_hour: number } | undefined;
    const save = (settings: Record<string, unknown>) =>
      admin.send('POST', '/admin/notifications', { json: { settings: { store_id: STORE, recipients: [], low_stock_threshold: 3, ...settings } } });
    expect((await save({ guest_reminders: false, reminder_hour: 9 })).status).toBe(200);
    expect(await reminderSetting()).toEqual({ guest_reminders: false, reminder_hour: 9 });
    const bad = await save({ guest_reminders: true, reminder_hour: 24 });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('「送る時刻（前日）」');
    expect(await reminderSetting()).toEqual({ guest_reminders: false, reminder_hour: 9 });
    // Saved without the two fields (an older screen): on at 18:00.
    expect((await save({})).status).toBe(200);
    expect(await reminderSetting()).toEqual({ guest_reminders: true, reminder_hour: 18 });
    await pool.end();
  });

  it('refuse an upload that is not a picture, or too large, and store nothing', async () => {
    const text = await admin.send('POST', '/api/admin/homepage-settings/images', { bytes: new TextEncoder().encode('hello, not a picture') });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: string }).error).toBe('画像ファイル（PNG・JPEG・WebP）を選んでください。');
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await admin.send('POST', '/api/admin/homepage-settings/images', { bytes: huge })).status).toBe(413);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const good = await admin.send('POST', '/api/admin/homepage-settings/images', { bytes: png });
    expect(good.status).toBe(200);
    const { image_url: url } = (await good.json()) as { image_url: string };
    const served = await httpClient(server.url).get(url);
    expect(served.status).toBe(200);
    // Re-encoded as menu pictures are (decision 161): WebP, never the uploaded bytes.
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    // The refused text never became a picture anyone can fetch.
    const { createHash } = await import('node:crypto');
    const refusedId = createHash('sha256').update('hello, not a picture').digest('hex');
    expect((await httpClient(server.url).get(`/api/admin/homepage-settings/images/${refusedId}`)).status).toBe(404);
  });

  it('record every write as an event carrying the admin as actor and its time', async () => {
    if (!database) return;
    const adminId = (await admin.getJson<{ user: { id: string } }>('/api/auth/status')).body.user.id;
    const pool = database.pool(1);
    // Only what the writes below recorded: the demo data the server seeded at start came before
    // this head, however little time the tests before this one took.
    const before = await pool.query<{ head: number; started: Date }>(
      'select coalesce(max(position), 0)::bigint as head, clock_timestamp() as started from events',
    );
    const { head, started } = before.rows[0]!;
    const writes = [
      admin.send('POST', '/admin/disclaimer', { form: { store_id: STORE, content: 'キャンセル料はいただきません。' } }),
      admin.send('POST', '/admin/notifications', {
        json: { settings: { store_id: STORE, recipients: [{ email: 'm@moncafe.test' }], low_stock_threshold: 2 } },
      }),
      admin.send('POST', '/admin/email-settings', { json: { intent: 'save', id: 'n-test', notice: { content: 'お車でのご来店はご遠慮ください。' } } }),
      admin.send('POST', '/admin/homepage-settings', { json: { intent: 'save', id: 'card-test', card: { card_type: 'other', title: 'テスト' } } }),
      admin.send('POST', `/admin/business-hours?store_id=${STORE}`, {
        form: { intent: 'same-day', store_id: STORE, is_enabled: 'on', deadline_time: '14:25' },
      }),
    ];
    for (const w of writes) expect((await w).status).toBe(200);
    expect((await admin.send('POST', '/admin/homepage-settings', { json: { intent: 'remove', id: 'card-test' } })).status).toBe(200);
    const { rows } = await pool.query<{ type: string; kind: string; actor: string; recorded_at: Date }>(
      "select type, data->>'kind' as kind, metadata->>'actor' as actor, recorded_at from events where position > $1 and stream_id like 'catalog-%' order by position",
      [head],
    );
    const kinds = rows.map((r) => `${r.type}:${r.kind}`);
    for (const expected of [
      'RecordSaved:disclaimer',
      'RecordSaved:notification-settings',
      'RecordSaved:notice',
      'RecordSaved:homepage-card',
      'RecordSaved:same-day-settings',
      'RecordRemoved:homepage-card',
    ]) {
      expect(kinds).toContain(expected);
    }
    for (const r of rows.filter((r) => ['disclaimer', 'notification-settings', 'notice', 'homepage-card', 'same-day-settings'].includes(r.kind))) {
      expect(r.actor).toBe(adminId);
      expect(r.recorded_at.getTime()).toBeGreaterThanOrEqual(started.getTime());
    }
  });
});
