import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCoursesReady, firstBookable, LUNCH } from '../reservation/booking-steps';
import { httpClient, type HttpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl, type TestDatabase } from '../support/services';
import { AT_DEMO_STORE, DEMO_STORE, moveToOpenHours, seatCodeOf, signedInAdmin, waitForOrderMenu, withToken } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

const pgUrl = await postgresUrl();
// Processes of one system share the secret that signs sessions and client keys.
const SESSION_SECRET = 'idempotency-suite-secret-idempotency-suite';

/**
 * Commands safe to send twice (decision 260), over HTTP on the real server with
 * PostgreSQL, two web processes on one database: every call a device may retry takes an
 * `Idempotency-Key`. The same key and body again (to either process) answers the first answer
 * and appends nothing (counted in the events table by the request's correlation id); the same
 * key with another body is a 409; another client's key is its own.
 */
describe.skipIf(!pgUrl)('an Idempotency-Key makes a resent command harmless', () => {
  let database: TestDatabase;
  let a: TestWebServer;
  let b: TestWebServer;
  let events: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase(pgUrl!, 'moncafe_idem');
    a = await startTestWebServer({ env: { DATABASE_URL: database.url, SESSION_SECRET } });
    await waitForOrderMenu(a.url);
    await demoCoursesReady(a.url);
    await moveToOpenHours(a);
    b = await startTestWebServer({ env: { DATABASE_URL: database.url, SESSION_SECRET } });
    await moveToOpenHours(b);
    events = database.pool(2);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** Events appended under one request's id (the access log's request id is each command's correlation id). */
  const appendedBy = async (requestId: string) =>
    Number((await events.query<{ n: string }>(`select count(*) as n from events where metadata->>'correlationId' = $1`, [requestId])).rows[0]!.n);

  interface Sent {
    status: number;
    body: Record<string, unknown>;
    replayed: boolean;
    appended: number;
  }

  /** Sends one request with a key (and a request id of its own), through `client` to `server` (default: the client's own). */
  async function send(client: HttpClient, method: string, path: string, json: unknown, key: string, headers: Record<string, string> = {}, to?: TestWebServer) {
    const requestId = `idem-${randomUUID()}`;
    const target = to ? new URL(path, to.url).toString() : path;
    const response = await client.send(method, target, {
      json,
      headers: { ...headers, ...(to ? { origin: to.url } : {}), 'idempotency-key': key, 'x-request-id': requestId },
    });
    const body = (await response.json()) as Record<string, unknown>;
    return {
      status: response.status,
      body,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      appended: await appendedBy(requestId),
    } satisfies Sent;
  }

  /** The same command twice (the second to the other process), then the key with another body. */
  async function twice(client: HttpClient, method: string, path: string, json: unknown, other: unknown, headers: Record<string, string> = {}) {
    const key = randomUUID();
    const first = await send(client, method, path, json, key, headers);
    const again = await send(client, method, path, json, key, headers, b);
    expect(again).toEqual({ ...first, replayed: true, appended: 0 });
    const conflict = await send(client, method, path, other, key, headers);
    expect(conflict).toMatchObject({ status: 409, body: { success: false, field: 'Idempotency-Key' }, appended: 0 });
    expect(conflict.body.error).toContain('別の内容');
    return first;
  }

  it('check-in, order, kitchen complete and restore, and checkout: each resend answers the first answer and appends nothing', async () => {
    const guest = httpClient(a.url);
    const seat = { seat_id: 'seat-t2', seat_code: await seatCodeOf(a.url, 'seat-t2'), ...AT_DEMO_STORE };
    const checkIn = await twice(guest, 'POST', '/api/orders/qr-checkin', { ...seat, number_of_people: 2 }, { ...seat, number_of_people: 3 });
    expect(checkIn).toMatchObject({ status: 200, body: { success: true, is_existing: false } });
    expect(checkIn.appended).toBeGreaterThan(0);
    // The resend whose first answer was lost used to hear invite_required: only a new key (a new action) does now.
    const anotherAction = await send(guest, 'POST', '/api/orders/qr-checkin', { ...seat, number_of_people: 2 }, randomUUID());
    expect(anotherAction).toMatchObject({ status: 403, body: { error: 'invite_required' }, replayed: false });
    // Another client's key is its own: the same key from another device runs for it (and is refused as a second phone).
    const stranger = httpClient(a.url);
    const key = randomUUID();
    await send(
      guest,
      'POST',
      '/api/orders/qr-checkin',
      { seat_id: 'seat-t4', seat_code: await seatCodeOf(a.url, 'seat-t4'), ...AT_DEMO_STORE, number_of_people: 1 },
      key,
    );
    const strangers = await send(
      stranger,
      'POST',
      '/api/orders/qr-checkin',
      { seat_id: 'seat-t4', seat_code: await seatCodeOf(a.url, 'seat-t4'), ...AT_DEMO_STORE, number_of_people: 1 },
      key,
    );
    expect(strangers).toMatchObject({ status: 403, body: { error: 'invite_required' }, replayed: false });

    const { reservation_id, token } = checkIn.body as { reservation_id: string; token: string };
    // The kept answers are sealed: the table shows neither a guest's token nor a key as sent.
    const kept = await events.query<{ key: string; body: string }>('select key, body from idempotency_keys');
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(kept.rows.filter((r) => r.body.includes(token) || r.body.includes(reservation_id) || r.key === key)).toEqual([]);
    const order = { seat_id: 'seat-t2', reservation_id, items: [{ menu_id: 'menu-blend', quantity: 2 }] };
    const placed = await twice(guest, 'POST', '/api/orders', order, { ...order, items: [{ menu_id: 'menu-blend', quantity: 3 }] }, withToken(token));
    expect(placed).toMatchObject({ status: 200, body: { success: true, subtotal: 1000 } });
    expect(placed.appended).toBeGreaterThan(0);
    const orderId = placed.body.order_id as string;

    const kitchen = await signedInAdmin(a.url);
    const ready = await kitchen.getJson<{ orders: { id: string }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`);
    expect(ready.body.orders.filter((o) => o.id === orderId)).toHaveLength(1);
    // The kitchen's calls take no body: the key used for another call is the conflict.
    const completeKey = randomUUID();
    const completed = await send(kitchen, 'POST', `/api/orders/${orderId}/complete`, {}, completeKey);
    expect(completed).toMatchObject({ status: 200, body: { success: true, id: orderId }, replayed: false });
    expect(completed.appended).toBeGreaterThan(0);
    expect(await send(kitchen, 'POST', `/api/orders/${orderId}/complete`, {}, completeKey, {}, b)).toEqual({ ...completed, replayed: true, appended: 0 });
    expect(await send(kitchen, 'POST', `/api/orders/${orderId}/restore`, {}, completeKey)).toMatchObject({ status: 409, appended: 0 });
    const restoreKey = randomUUID();
    const restored = await send(kitchen, 'POST', `/api/orders/${orderId}/restore`, {}, restoreKey);
    expect(restored).toMatchObject({ status: 200, body: { success: true, id: orderId } });
    expect(restored.appended).toBeGreaterThan(0);
    expect(await send(kitchen, 'POST', `/api/orders/${orderId}/restore`, {}, restoreKey, {}, b)).toEqual({ ...restored, replayed: true, appended: 0 });

    const paid = await twice(
      guest,
      'POST',
      '/api/orders/checkout',
      { reservation_id, payment_method: 'cash', order_ids: [orderId] },
      { reservation_id, payment_method: 'credit', order_ids: [orderId] },
      withToken(token),
    );
    expect(paid).toMatchObject({ status: 200, body: { success: true } });
    expect(paid.appended).toBeGreaterThan(0);
  });

  it('stock changes, shift submission and correction, and checklist ticks: the same', async () => {
    const admin = await signedInAdmin(a.url);
    const stock = await twice(
      admin,
      'POST',
      '/api/admin/menu-stock/menu-gateau',
      { quantity: 7, is_sold_out: false, manage_stock: true },
      { quantity: 8, is_sold_out: false, manage_stock: true },
    );
    expect(stock).toMatchObject({ status: 200, appended: 1 });
    const many = await twice(
      admin,
      'POST',
      '/api/admin/menu-stock',
      { store_id: DEMO_STORE, items: [{ menu_id: 'menu-gateau', quantity: 5, is_sold_out: false, manage_stock: true }] },
      { store_id: DEMO_STORE, items: [{ menu_id: 'menu-gateau', quantity: 6, is_sold_out: false, manage_stock: true }] },
    );
    expect(many).toMatchObject({ status: 200, appended: 1 });

    const users = await admin.getJson<{ id: string }[]>(`/api/users?store_id=${DEMO_STORE}`);
    const member = users.body[0]!.id;
    const month = new Date((await a.now()).getTime() + 40 * 86_400_000).toISOString().slice(0, 7);
    const wish = { shift_date: `${month}-14`, start_time: '10:00', end_time: '15:00' };
    const submitted = await twice(
      admin,
      'POST',
      '/api/shift/submit',
      { store_id: DEMO_STORE, user_id: member, shifts: [wish] },
      { store_id: DEMO_STORE, user_id: member, shifts: [{ ...wish, end_time: '16:00' }] },
    );
    expect(submitted).toMatchObject({ status: 200, body: { success: true } });
    expect(submitted.appended).toBeGreaterThan(0);

    const added = await admin.post<{ id: string }>('/api/admin/shifts', {
      store_id: DEMO_STORE,
      user_id: member,
      shift_date: `${month}-15`,
      start_time: '10:00',
      end_time: '15:00',
    });
    expect(added.status).toBe(200);
    const correction = {
      store_id: DEMO_STORE,
      user_id: member,
      shift_date: `${month}-15`,
      shift_type: 'end_time',
      before_value: '15:00',
      after_value: '16:00',
      reason: '延長',
    };
    const corrected = await twice(admin, 'PUT', `/api/admin/shifts/${added.body.id}`, correction, { ...correction, after_value: '17:00' });
    expect(corrected).toMatchObject({ status: 200, body: { success: true } });
    expect(corrected.appended).toBeGreaterThan(0);

    const day = await admin.getJson<{ tasks: { id: string }[] }>(`/api/store-opening-tasks/${DEMO_STORE}`);
    const task = day.body.tasks[0]!.id;
    const ticked = await twice(admin, 'PUT', `/api/store-opening-tasks/${task}`, { completed: true }, { completed: false });
    expect(ticked).toMatchObject({ status: 200, appended: 1 });
  });

  it('the admin’s creations — a seat, a menu with an option and a dependency, a shift: a resend answers the same new id and creates nothing more', async () => {
    const admin = await signedInAdmin(a.url);
    const created = async (path: string, json: unknown, other: unknown) => {
      const first = await twice(admin, 'POST', path, json, other);
      expect(first).toMatchObject({ status: 200, body: { success: true } });
      expect(first.appended).toBeGreaterThan(0);
      return first.body['id'] as string;
    };
    const seat = { store_id: DEMO_STORE, name: '再送席', max_people: 2, reservation_hold_minutes: 90, adjacent_seat_ids: [] };
    const seatId = await created('/api/admin/seats', seat, { ...seat, name: '別の席' });
    const seats = (await admin.getJson<{ id: string; name: string }[]>(`/api/admin/seats?store_id=${DEMO_STORE}`)).body;
    expect(seats.filter((s) => s.name === '再送席').map((s) => s.id)).toEqual([seatId]);

    const menu = { store_id: DEMO_STORE, name: '再送タルト', description: '', price: 780, show_on_menu: true, show_on_reservation: false, show_on_order: true };
    const menuId = await created('/api/admin/menu-items', menu, { ...menu, price: 800 });
    const size = { label: 'サイズ', type: 'radio', required: true, choices: [{ label: '小' }, { label: '大', extra_price: 300 }] };
    const sizeId = await created(`/api/admin/menu-items/${menuId}/options`, size, { ...size, label: '大きさ' });
    const note = await admin.post<{ id: string }>(`/api/admin/menu-items/${menuId}/options`, { label: 'メッセージ', type: 'text' });
    const editor = await admin.getJson<{
      items: { id: string; name: string }[];
      options: { option_id: string; menu_id: string; choices: { id: string }[] }[];
      dependencies: { id: string; menu_id: string }[];
    }>(`/api/admin/menu-items?store_id=${DEMO_STORE}`);
    const large = editor.body.options.find((o) => o.option_id === sizeId)!.choices[1]!.id;
    const dependency = { parent_option_id: sizeId, child_option_id: note.body.id, parent_choice_value: large };
    const dependencyId = await created(`/api/admin/menu-items/${menuId}/dependencies`, dependency, { ...dependency, parent_choice_value: 'other' });
    const after = (await admin.getJson<typeof editor.body>(`/api/admin/menu-items?store_id=${DEMO_STORE}`)).body;
    expect(after.items.filter((m) => m.name === '再送タルト').map((m) => m.id)).toEqual([menuId]);
    expect(after.options.filter((o) => o.menu_id === menuId).map((o) => o.option_id)).toEqual(expect.arrayContaining([sizeId, note.body.id]));
    expect(after.options.filter((o) => o.menu_id === menuId)).toHaveLength(2);
    expect(after.dependencies.filter((d) => d.menu_id === menuId).map((d) => d.id)).toEqual([dependencyId]);

    const users = await admin.getJson<{ id: string }[]>(`/api/users?store_id=${DEMO_STORE}`);
    const month = new Date((await a.now()).getTime() + 45 * 86_400_000).toISOString().slice(0, 7);
    const shift = { store_id: DEMO_STORE, user_id: users.body[0]!.id, shift_date: `${month}-20`, start_time: '10:00', end_time: '15:00' };
    await created('/api/admin/shifts', shift, { ...shift, end_time: '16:00' });
  });

  it('seat holds and the confirmation mail: the same, for the browser’s reservation session', async () => {
    const guest = httpClient(a.url);
    // The guest comes through the day screen, which opens the browser's reservation session.
    expect((await guest.page('/reservation/day')).status).toBe(200);
    const { date, time, times } = await firstBookable(guest, 2, [LUNCH]);
    const hold = { date, time, people: 2, menuIds: [LUNCH] };
    const held = await twice(guest, 'POST', '/api/customery-day/allocate-seat', hold, { ...hold, time: times.find((t) => t !== time) ?? time, people: 3 });
    expect(held).toMatchObject({ status: 200, body: { success: true } });
    expect((held.body.seat_ids as string[]).length).toBeGreaterThan(0);
    const request = {
      name: '山田花子',
      email: 'twice@example.jp',
      phone: '090-1234-5678',
      reservationData: { date, time, people: 2, cart: [{ menu_id: LUNCH, quantity: 2 }] },
    };
    const sent = await twice(guest, 'POST', '/api/reservation-confirmation/send-confirmation', request, { ...request, name: '山田太郎' });
    expect(sent).toMatchObject({ status: 200, body: { success: true } });
    expect(sent.appended).toBeGreaterThan(0);
  });

  it('refuses a malformed key, and keeps the answer to the first of two requests sent at once', async () => {
    const admin = await signedInAdmin(a.url);
    const bad = await send(admin, 'POST', '/api/admin/menu-stock/menu-gateau', { quantity: 4, is_sold_out: false, manage_stock: true }, 'x');
    expect(bad).toMatchObject({ status: 400, body: { field: 'Idempotency-Key' }, appended: 0 });
    const key = randomUUID();
    const body = { quantity: 4, is_sold_out: false, manage_stock: true };
    const both = await Promise.all([
      send(admin, 'POST', '/api/admin/menu-stock/menu-gateau', body, key),
      send(admin, 'POST', '/api/admin/menu-stock/menu-gateau', body, key, {}, b),
    ]);
    // One ran; the other waited for it and answered its answer.
    expect(both.map((s) => s.status)).toEqual([200, 200]);
    expect(both.map((s) => s.appended).sort()).toEqual([0, 1]);
    expect(both.filter((s) => s.replayed)).toHaveLength(1);
  });
});
