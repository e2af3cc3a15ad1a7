import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, formatYearMonth, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { toStreamName } from '@moncafe/domain/shift/events';
import { takesWeekendTimes } from '@moncafe/domain/shift/rules';
import { routeAccess } from '../../apps/web/app/auth/route-access';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { DEMO_STORE, serverNow, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const pgUrl = await postgresUrl();

/**
 * The operations probe's findings on page queries, shift wishes, store membership, pictures and names (docs/security.md; decisions 160–164), replayed as the probe sent them
 * against a started server over PostgreSQL (so the test reads the event log itself): each is
 * refused with a 4xx and a clear message, never a 500, and a refusal appends nothing.
 */
const TEXT_REFUSED = '使用できない文字が含まれています';
const NOT_STORE_STAFF = 'この店舗のスタッフではありません。';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/app');

/** Every query parameter name the web app's modules read (`searchParams.get('…')`, `params.get('…')`), from the sources themselves. */
async function queryNamesRead(): Promise<string[]> {
  const names = new Set(['seat_id', 'store_id', 'month', 'date', 'code', 'token']);
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        for (const match of (await readFile(full, 'utf8')).matchAll(/[pP]arams\.get\(['"]([A-Za-z_]+)['"]\)/g)) names.add(match[1]!);
      }
    }
  };
  await walk(appRoot);
  return [...names].sort();
}

/** Every page of the route table (not a call, not /live), a `:param` filled with a plain id. */
function pagePaths(): string[] {
  return Object.keys(routeAccess)
    .filter((pattern) => !pattern.startsWith('/api') && pattern !== '/live' && !pattern.startsWith('/__'))
    .map((pattern) => pattern.replace(/\/\*$/, '/somewhere').replace(/:[A-Za-z]+/g, 'x1'));
}

describe.skipIf(!pgUrl)('input findings 6, 7, 8 and 12 (decisions 160–164)', () => {
  let database: TestDatabase;
  let server: TestWebServer;
  let pool: pg.Pool;
  let admin: HttpClient;
  /** On the demo store's staff list. */
  let member: HttpClient;
  let memberId: string;
  /** Staff, on no store's staff list. */
  let outsider: HttpClient;
  let outsiderId: string;

  const eventCount = async () => Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  const eventsOfStream = async (like: string) =>
    Number((await pool.query<{ n: string }>('select count(*) as n from events where stream_id like $1', [like])).rows[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase(pgUrl!, 'moncafe_input_findings');
    server = await startTestWebServer({ env: { DATABASE_URL: database.url } });
    pool = database.pool(2);
    await waitForOrderMenu(server.url);
    admin = await signedInAdmin(server.url);
    member = httpClient(server.url);
    memberId = (await signUp(member, { name: '山本 彩', email: 'aya.member@moncafe.test', password: 'aya-password-123' })).id;
    outsider = httpClient(server.url);
    outsiderId = (await signUp(outsider, { name: '外部 太郎', email: 'taro.outsider@moncafe.test', password: 'taro-password-123' })).id;
    for (const id of [memberId, outsiderId]) expect((await admin.postJson(`/api/admin/users/${id}/roles`, { role: 'staff', grant: true })).status).toBe(200);
    expect((await admin.send('PUT', `/api/users/${memberId}`, { json: { store_id: DEMO_STORE, wage: 1200 } })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('finding 6: queries reach PostgreSQL unchecked; a month without a year bound', () => {
    it('answers GET /order/top?seat_id=a%00 (also store_id, and .data) with a 400 naming the text, never a 500', async () => {
      for (const probe of [
        '/order/top?seat_id=a%00',
        '/order/top?store_id=a%00',
        '/order/top.data?seat_id=a%00',
        '/order/top.data?store_id=a%00',
        // The live stream reads its query itself too.
        '/live?token=a%00',
        '/live?topics=a%00',
      ]) {
        const answer = await httpClient(server.url).get(probe);
        expect(answer.status, probe).toBe(400);
        expect(await answer.text(), probe).toContain(TEXT_REFUSED);
      }
    });

    it('walks every page with a NUL in each query parameter the app reads, as a guest and as an admin: 400 everywhere, nothing appended', async () => {
      const names = await queryNamesRead();
      expect(names).toEqual(expect.arrayContaining(['seat_id', 'store_id', 'month', 'redirectTo', 'token', 'reservation_id']));
      const pages = pagePaths();
      expect(pages).toEqual(expect.arrayContaining(['/order/top', '/admin/business-hours', '/monitor/qr-codes', '/staff/shift-submit']));
      const before = await eventCount();
      const failures: string[] = [];
      for (const client of [httpClient(server.url), admin]) {
        const probes = pages.flatMap((page) => names.flatMap((name) => [`${page}?${name}=a%00`, `${page === '/' ? '/_root' : page}.data?${name}=a%00`]));
        for (let i = 0; i < probes.length; i += 16) {
          await Promise.all(
            probes.slice(i, i + 16).map(async (probe) => {
              const answer = await client.get(probe);
              await answer.arrayBuffer();
              if (answer.status !== 400) failures.push(`${probe}: ${answer.status}`);
            }),
          );
        }
      }
      expect(failures).toEqual([]);
      expect(await eventCount()).toBe(before);
    }, 240_000);

    it('refuses a NUL in the body of every page form (sign-in, e-mail link, admin forms) with a 4xx, never a 500, appending nothing', async () => {
      const before = await eventCount();
      const forms: [HttpClient, string, Record<string, string>][] = [
        [httpClient(server.url), '/verify-email', { token: 'a\u0000b' }],
        [httpClient(server.url), '/login', { email: 'a\u0000@moncafe.test', password: 'x\u0000y', redirectTo: '/a\u0000' }],
        [admin, '/admin/disclaimer', { store_id: DEMO_STORE, content: 'a\u0000' }],
        [admin, '/admin/tax-management', { store_id: 'a\u0000' }],
        [admin, '/admin/users', { intent: 'a\u0000', account_id: 'a\u0000' }],
      ];
      // And every page of the route table, with the fields its forms name, each holding U+0000.
      const fields = ['intent', 'store_id', 'content', 'token', 'email', 'password', 'name', 'title', 'account_id', 'role', 'month', 'date', 'redirectTo'];
      const everyField = Object.fromEntries(fields.map((f) => [f, 'a\u0000']));
      for (const [client, page, form] of forms) {
        const answer = await client.send('POST', page, { form });
        await answer.arrayBuffer();
        expect(answer.status, page).toBeGreaterThanOrEqual(400);
        expect(answer.status, page).toBeLessThan(500);
      }
      // (Signing out is left out: it takes no body and would end the admin's session.)
      for (const page of pagePaths().filter((p) => p !== '/logout')) {
        const answer = await admin.send('POST', page, { form: everyField });
        await answer.arrayBuffer();
        expect(answer.status, page).toBeLessThan(500);
      }
      expect(await eventCount()).toBe(before);
    });

    it('refuses ?month=9999-12 on every call that takes a month with 400, never a 500', async () => {
      for (const call of [
        `/api/shift/history-log?store_id=${DEMO_STORE}&month=9999-12`,
        `/api/admin/shift-submissions?store_id=${DEMO_STORE}&month=9999-12`,
        `/api/admin/shifts/all?store_id=${DEMO_STORE}&month=9999-12`,
      ]) {
        const answer = await admin.get(call);
        expect(answer.status, call).toBe(400);
        expect(await answer.json(), call).toMatchObject({ success: false, field: 'month' });
      }
      const before = await eventCount();
      const imported = await admin.post('/api/admin/shifts/import', { store_id: DEMO_STORE, month: '9999-12' });
      expect(imported).toMatchObject({ status: 400, body: { success: false, field: 'month' } });
      expect(await eventCount()).toBe(before);
    });
  });

  describe('finding 7: shift wishes outside the recruit times, off the interval, or years ahead', () => {
    it('refuses 00:00–23:59, 10:07 and 2049-12 with 400 and appends nothing; a wish within the recruit times is taken', async () => {
      const today = (await serverNow(server)).toISOString().slice(0, 10);
      const next = formatYearMonth(addMonths(yearMonthOf(today), 1));
      const recruit = (
        await admin.getJson<{ weekday_start: string; weekday_end: string; interval_minutes: number }>(`/api/admin/shift-recruit-time?store_id=${DEMO_STORE}`)
      ).body;
      expect(recruit.interval_minutes).toBeGreaterThan(7);
      // A weekday of next month that is no holiday: it takes the weekday recruit times.
      const day = Array.from({ length: 28 }, (_, i) => `${next}-${String(i + 1).padStart(2, '0')}`).find((d) => !takesWeekendTimes(d))!;
      const submit = (shifts: { shift_date: string; start_time: string; end_time: string }[]) =>
        member.post('/api/shift/submit', { store_id: DEMO_STORE, user_id: memberId, shifts });
      const streams = toStreamName({ storeId: DEMO_STORE, userId: memberId, month: '%' });
      const before = await eventsOfStream(streams);
      for (const [shifts, what] of [
        [[{ shift_date: day, start_time: '00:00', end_time: '23:59' }], 'whole day'],
        [[{ shift_date: day, start_time: '10:07', end_time: recruit.weekday_end }], 'off the interval'],
        [[{ shift_date: '2049-12-10', start_time: recruit.weekday_start, end_time: recruit.weekday_end }], 'years ahead'],
      ] as const) {
        const answer = await submit([...shifts]);
        expect(answer.status, what).toBe(400);
        expect(answer.body, what).toMatchObject({ success: false, field: 'shifts' });
        expect(String(answer.body.error), what).not.toBe('');
      }
      expect(await eventsOfStream(streams)).toBe(before);
      // The recruit times' own start and end are taken.
      const taken = await submit([{ shift_date: day, start_time: recruit.weekday_start, end_time: recruit.weekday_end }]);
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(await eventsOfStream(streams)).toBe(before + 1);
    });
  });

  describe('finding 8: staff on no store’s staff list', () => {
    it('cannot tick the store’s checklist, reveal its supplier passwords or read its recipes, suppliers and staff; a member and an admin can', async () => {
      const tasks = (await admin.getJson<{ tasks: { id: string }[] }>(`/api/store-opening-tasks/${DEMO_STORE}`)).body.tasks;
      const suppliers = (await admin.getJson<{ id: string; has_password: boolean }[]>(`/api/order-management?store_id=${DEMO_STORE}`)).body;
      const recipes = (await admin.getJson<{ id: string }[]>(`/api/recipes?store_id=${DEMO_STORE}`)).body;
      const methods = (await admin.getJson<{ id: string; menu_id: string }[]>(`/api/serve-methods?store_id=${DEMO_STORE}`)).body;
      const locked = suppliers.find((s) => s.has_password)!;
      expect(methods.length).toBeGreaterThan(0);
      expect(tasks.length).toBeGreaterThan(0);
      expect(locked).toBeDefined();
      expect(recipes.length).toBeGreaterThan(0);

      const before = await eventCount();
      const refusals: [string, Response][] = [
        ['tick', await outsider.send('PUT', `/api/store-opening-tasks/${tasks[0]!.id}`, { json: { completed: true } })],
        ['reveal', await outsider.send('POST', `/api/order-management/${locked.id}/reveal-password`, { json: {} })],
        ['checklist', await outsider.get(`/api/store-opening-tasks/${DEMO_STORE}`)],
        ['closing list', await outsider.get(`/api/store-close-tasks/${DEMO_STORE}`)],
        ['suppliers', await outsider.get(`/api/order-management?store_id=${DEMO_STORE}`)],
        ['recipes', await outsider.get(`/api/recipes?store_id=${DEMO_STORE}`)],
        ['recipe', await outsider.get(`/api/recipes/${recipes[0]!.id}`)],
        ['purchase items', await outsider.get(`/api/purchase-management?store_id=${DEMO_STORE}`)],
        ['order rules', await outsider.get(`/api/order-rules?store_id=${DEMO_STORE}`)],
        ['serve methods', await outsider.get(`/api/serve-methods?store_id=${DEMO_STORE}`)],
        ['serve methods of a menu', await outsider.get(`/api/serve-methods?menu_id=${methods[0]!.menu_id}`)],
        ['serve-method steps', await outsider.get(`/api/serve-methods/serve-method-steps?serve_method_id=${methods[0]!.id}`)],
        ['recruit times', await outsider.get(`/api/admin/shift-recruit-time?store_id=${DEMO_STORE}`)],
        ['schedule', await outsider.get(`/api/admin/shifts/all?store_id=${DEMO_STORE}`)],
        ['staff', await outsider.get(`/api/users?store_id=${DEMO_STORE}`)],
        ['shift history', await outsider.get(`/api/shift/history-log?store_id=${DEMO_STORE}&month=${(await serverNow(server)).toISOString().slice(0, 7)}`)],
      ];
      for (const [what, answer] of refusals) {
        const body = (await answer.json()) as { error?: string; password?: string };
        expect(answer.status, what).toBe(403);
        expect(body.error, what).toBe(NOT_STORE_STAFF);
        expect(body.password, what).toBeUndefined();
      }
      expect(await eventCount()).toBe(before);

      // The member of the store's staff, and an admin on no list, still do it all.
      for (const client of [member, admin]) {
        expect((await client.get(`/api/recipes?store_id=${DEMO_STORE}`)).status).toBe(200);
        expect((await client.get(`/api/serve-methods/serve-method-steps?serve_method_id=${methods[0]!.id}`)).status).toBe(200);
        expect((await client.get(`/api/store-opening-tasks/${DEMO_STORE}`)).status).toBe(200);
        const reveal = await client.send('POST', `/api/order-management/${locked.id}/reveal-password`, { json: {} });
        expect(reveal.status).toBe(200);
        expect(((await reveal.json()) as { password: string }).password).toBeTruthy();
      }
      const tick = await member.send('PUT', `/api/store-opening-tasks/${tasks[0]!.id}`, { json: { completed: true } });
      expect(tick.status).toBe(200);
    });
  });

  describe('finding 12: homepage pictures kept byte for byte; names with line breaks and RTL overrides', () => {
    it('re-encodes a homepage picture (its metadata gone) as menu pictures are', async () => {
      const original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0a080' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'GPS secret 35.6895N' } })
        .toBuffer();
      expect(original.includes('GPS secret')).toBe(true);
      const upload = await admin.send('POST', '/api/admin/homepage-settings/images', {
        bytes: new Uint8Array(original),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(upload.status).toBe(200);
      const { image_url } = (await upload.json()) as { image_url: string };
      const stored = Buffer.from(await (await httpClient(server.url).get(image_url)).arrayBuffer());
      expect(stored.equals(original)).toBe(false);
      expect(stored.includes('GPS secret')).toBe(false);
      expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
      // Not a picture at all: refused, nothing stored.
      const before = await eventCount();
      expect((await admin.send('POST', '/api/admin/homepage-settings/images', { bytes: new TextEncoder().encode('<svg onload=alert(1)>') })).status).toBe(415);
      expect(await eventCount()).toBe(before);
    });

    it('refuses names with CR/LF, bidi overrides or isolates and other control characters in every admin editor, appending nothing', async () => {
      const menu = (await admin.post<{ id: string }>('/api/admin/menu-items', { store_id: DEMO_STORE, name: '季節のタルト', price: 780 })).body.id;
      expect(menu).toBeTruthy();
      const before = await eventCount();
      for (const bad of ['ケーキ\r\n【無料】', 'ケー\nキ', '\u202Eキーケ', 'ケ\u2066ーキ\u2069', 'ケーキ\u0007', 'ケー\u0085キ']) {
        for (const [call, body] of [
          ['/api/admin/menu-items', { store_id: DEMO_STORE, name: bad, price: 500 }],
          ['/api/admin/seats', { store_id: DEMO_STORE, name: bad, max_people: 2, reservation_hold_minutes: 90 }],
          [`/api/admin/menu-items/${menu}/options`, { label: bad, type: 'text' }],
          [`/api/admin/menu-items/${menu}/options`, { label: 'サイズ', type: 'radio', choices: [{ label: bad }] }],
          ['/api/order-management', { store_id: DEMO_STORE, supplier_name: bad }],
          ['/api/recipes', { store_id: DEMO_STORE, name: bad }],
          ['/api/purchase-management', { store_id: DEMO_STORE, supplier: '業者', product_name: bad }],
          ['/api/admin/cost-lines', { store_id: DEMO_STORE, menu_id: menu, name: bad, quantity: 1, unit_cost: 100 }],
        ] as const) {
          const answer = await admin.post(call, body);
          expect(answer.status, `${call} ${JSON.stringify(bad)}`).toBe(400);
          expect(answer.body, `${call} ${JSON.stringify(bad)}`).toMatchObject({ success: false });
        }
        const staffName = await httpClient(server.url).post('/api/auth/register', { name: bad, email: 'rtl@moncafe.test', password: 'rtl-password-123' });
        expect(staffName.status, `register ${JSON.stringify(bad)}`).toBe(400);
      }
      expect(await eventCount()).toBe(before);
    });
  });
});
