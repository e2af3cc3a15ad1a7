import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../support/http-client';
import { openSse } from '../support/sse';
import { AT_DEMO_STORE, DEMO_STORE, FAR_FROM_DEMO_STORE, seatCodeOf, signedInAdmin, startTableOrderServer, withToken } from '../support/table-order';
import { waitForAnswer, type TestWebServer } from '../support/web-server';

/** The table-order calls over HTTP on the real server (PGlite, demo data): who may do what, and the answers' shapes. */
describe('table-order calls', () => {
  let server: TestWebServer;
  let guest: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startTableOrderServer();
    guest = httpClient(server.url);
    admin = await signedInAdmin(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const json = async <T>(response: Response) => ({ status: response.status, body: (await response.json()) as T });
  type Refusal = { success: false; error: string; message?: string; menu_ids?: string[] };

  it('checks a phone in inside the fence, refuses one outside with the spec’s words, and keeps tokens to their reservation', async () => {
    const far = await guest.post<Refusal>('/api/orders/qr-checkin', {
      seat_id: 'seat-t3',
      seat_code: await seatCodeOf(server.url, 'seat-t3'),
      number_of_people: 2,
      ...FAR_FROM_DEMO_STORE,
    });
    expect(far).toEqual({
      status: 403,
      body: { success: false, error: 'outside_geofence', message: 'この端末からは注文できません、スタッフへお声かけください。' },
    });
    const none = await guest.post<Refusal>('/api/orders/qr-checkin', {
      seat_id: 'seat-t3',
      seat_code: await seatCodeOf(server.url, 'seat-t3'),
      number_of_people: 2,
    });
    expect(none.body.error).toBe('location_required');
    expect(
      (
        await guest.post<Refusal>('/api/orders/qr-checkin', {
          seat_id: 'seat-t3',
          seat_code: await seatCodeOf(server.url, 'seat-t3'),
          number_of_people: 9,
          ...AT_DEMO_STORE,
        })
      ).status,
    ).toBe(400);

    const checkIn = await guest.post<{ success: boolean; reservation_id: string; is_existing: boolean; token: string; seat_name: string }>(
      '/api/orders/qr-checkin',
      { seat_id: 'seat-t3', seat_code: await seatCodeOf(server.url, 'seat-t3'), number_of_people: 2, ...AT_DEMO_STORE },
    );
    expect(checkIn.status).toBe(200);
    expect(checkIn.body).toMatchObject({ success: true, is_existing: false, seat_name: 'テーブル3' });
    const { reservation_id: reservationId, token } = checkIn.body;
    expect(token).toMatch(new RegExp(`^${reservationId}\\.[A-Za-z0-9_-]{22,}$`));
    const second = await guest.post<{ reservation_id: string; is_existing: boolean }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t3',
      seat_code: await seatCodeOf(server.url, 'seat-t3'),
      number_of_people: 2,
      ...AT_DEMO_STORE,
    });
    // A second phone joins only through the first one's invite (decision 152).
    expect(second).toMatchObject({ status: 403, body: { error: 'invite_required' } });
    const invite = await json<{ pass: string; url: string }>(await guest.send('POST', '/api/orders/invite', { json: { token } }));
    expect(invite.body.url).toContain('/order/join?pass=');
    const joined = await guest.post<{ reservation_id: string; seat_id: string }>('/api/orders/join', { pass: invite.body.pass });
    expect(joined.body).toMatchObject({ reservation_id: reservationId, seat_id: 'seat-t3' });
    expect((await guest.post('/api/orders/join', { pass: invite.body.pass })).status).toBe(401);

    const order = { seat_id: 'seat-t3', reservation_id: reservationId, items: [{ menu_id: 'menu-blend', quantity: 2 }] };
    expect((await json<Refusal>(await guest.send('POST', '/api/orders', { json: order }))).status).toBe(401);
    expect(
      (await json<Refusal>(await guest.send('POST', '/api/orders', { json: order, headers: withToken(`${reservationId}.forged-secret-forged-secret`) })))
        .status,
    ).toBe(401);
    const placed = await json<{ success: boolean; order_id: string; subtotal: number }>(
      await guest.send('POST', '/api/orders', { json: order, headers: withToken(token) }),
    );
    expect(placed).toMatchObject({ status: 200, body: { success: true, subtotal: 1000 } });
    const hidden = await json<Refusal>(
      await guest.send('POST', '/api/orders', { json: { ...order, items: [{ menu_id: 'course-lunch', quantity: 1 }] }, headers: withToken(token) }),
    );
    // A course is booked, never ordered at the table: refused as a course, by name (decision 631).
    expect(hidden.body).toMatchObject({ error: 'course_not_orderable', menu_ids: ['course-lunch'] });

    const mine = await json<{ orders: { id: string; items: { menu_name: string; quantity: number; price: number }[] }[] }>(
      await guest.send('GET', `/api/orders/by-reservation/${reservationId}`, { headers: withToken(token) }),
    );
    expect(mine.body.orders).toEqual([
      expect.objectContaining({
        id: placed.body.order_id,
        items: [{ menu_id: 'menu-blend', menu_name: 'ブレンドコーヒー', quantity: 2, price: 500, takeout: false }],
      }),
    ]);
    expect((await guest.get(`/api/orders/by-reservation/${reservationId}`)).status).toBe(401);

    // The guest's screen follows its own reservation with its token; nobody else's.
    const live = await openSse(`${server.url}/live?topics=reservation:${reservationId}&token=${encodeURIComponent(token)}`);
    expect(live.status).toBe(200);
    live.close();
    const other = await openSse(`${server.url}/live?topics=reservation:00000000-0000-4000-8000-000000000000&token=${encodeURIComponent(token)}`);
    expect(other.status).toBe(401);
    other.close();
    // A token that opens nothing (dead, forged): the stream says so and ends, so the phone stops retrying.
    const dead = await openSse(
      `${server.url}/live?topics=reservation:${reservationId}&token=${encodeURIComponent(`${reservationId}.forged-secret-forged-secret`)}`,
    );
    await dead.until((f) => f.some((x) => x.event === 'token-refused'));
    dead.close();
    const anonymous = await openSse(`${server.url}/live?topics=reservation:${reservationId}`);
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });

  it('lets the kitchen list, complete and restore orders, and refuses it to guests', async () => {
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-c1',
      seat_code: await seatCodeOf(server.url, 'seat-c1'),
      number_of_people: 1,
      ...AT_DEMO_STORE,
    });
    const { reservation_id, token } = checkIn.body;
    const placed = await json<{ order_id: string }>(
      await guest.send('POST', '/api/orders', {
        json: { seat_id: 'seat-c1', reservation_id, items: [{ menu_id: 'menu-latte', quantity: 1 }] },
        headers: withToken(token),
      }),
    );
    const id = placed.body.order_id;
    expect((await guest.get(`/api/orders/ready?store_id=${DEMO_STORE}`)).status).toBe(401);
    // The kitchen is another device: it hears of the order on /live once the read models hold it
    // (the guest's answer does not wait for them, decision 483), and reads its list then.
    const ready = await waitForAnswer(
      () => admin.getJson<{ orders: { id: string; seat_label: string; status: string }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`),
      (answer) => answer.body.orders.some((o) => o.id === id),
    );
    expect(ready.body.orders.find((o) => o.id === id)).toMatchObject({ seat_label: 'カウンター1', status: 'ready' });
    expect((await admin.post(`/api/orders/${id}/complete`, {})).body).toEqual({ success: true, id, status: 'complete' });
    const done = await admin.getJson<{ orders: { id: string }[] }>(`/api/orders/completed?store_id=${DEMO_STORE}`);
    expect(done.body.orders.map((o) => o.id)).toContain(id);
    expect((await admin.getJson<{ orders: { id: string }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`)).body.orders.map((o) => o.id)).not.toContain(id);
    await admin.post(`/api/orders/${id}/restore`, {});
    expect((await admin.getJson<{ orders: { id: string }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`)).body.orders.map((o) => o.id)).toContain(id);
  });

  it('sets stock in the editor and shows it on the public menu answer; refuses a negative count', async () => {
    const saved = await admin.post('/api/admin/menu-stock/menu-pudding', { quantity: 4, is_sold_out: 0, manage_stock: 1 });
    expect(saved).toEqual({ status: 200, body: { success: true } });
    const menu = (await fetch(`${server.url}/api/admin/menu?store_id=${DEMO_STORE}`).then((r) => r.json())) as {
      id: string;
      manage_stock: number;
      quantity: number;
      is_sold_out: number;
    }[];
    expect(menu.find((m) => m.id === 'menu-pudding')).toMatchObject({ manage_stock: 1, quantity: 4, is_sold_out: 0 });
    expect(menu.find((m) => m.id === 'menu-blend')).toMatchObject({ manage_stock: 0, quantity: 0, is_sold_out: 0 });
    expect((await admin.post('/api/admin/menu-stock/menu-pudding', { quantity: -1, is_sold_out: 0, manage_stock: 1 })).status).toBe(400);
    const stale = await admin.post<Refusal & { quantity: number }>('/api/admin/menu-stock/menu-pudding', {
      quantity: 9,
      is_sold_out: 0,
      manage_stock: 1,
      expected_quantity: 7,
    });
    expect(stale).toMatchObject({ status: 409, body: { error: 'stock_changed', quantity: 4 } });
    expect((await guest.post('/api/admin/menu-stock/menu-pudding', { quantity: 4, is_sold_out: 0, manage_stock: 1 })).status).toBe(401);
    await admin.post('/api/admin/menu-stock/menu-pudding', { quantity: 4, is_sold_out: 1, manage_stock: 1 });
    const orderMenu = await guest.getJson<{ menus: { id: string }[] }>(`/api/orders/menu?store_id=${DEMO_STORE}`);
    expect(orderMenu.body.menus.map((m) => m.id)).not.toContain('menu-pudding');
    const categories = await guest.getJson<{ categories: { category: string; count: number }[] }>(`/api/admin/menu/menu-category?store_id=${DEMO_STORE}`);
    expect(categories.body.categories.map((c) => c.category)).toEqual(['drink', 'food', 'dessert']);
  });

  it('checks out with floor-rounded tax, after which the token orders nothing; grant-token answers until', async () => {
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-s1',
      seat_code: await seatCodeOf(server.url, 'seat-s1'),
      number_of_people: 4,
      ...AT_DEMO_STORE,
    });
    const { reservation_id, token } = checkIn.body;
    const send = (items: { menu_id: string; quantity: number }[]) =>
      guest.send('POST', '/api/orders', { json: { seat_id: 'seat-s1', reservation_id, items }, headers: withToken(token) });
    // Shown with tax (decision 500): 1,045 + 2×605 + 528 = 2,783, of which tax ⌊2,783 × 10/110⌋ = 253.
    await send([{ menu_id: 'menu-napolitan', quantity: 1 }]);
    await send([
      { menu_id: 'menu-gateau', quantity: 2 },
      { menu_id: 'menu-juice', quantity: 1 },
    ]);
    const grant = await admin.post<{ success: boolean; until: string }>(`/api/admin/reservations/${reservation_id}/grant-token`, {});
    expect(grant.body.success).toBe(true);
    expect(Date.parse(grant.body.until)).toBeGreaterThan(Date.now());
    expect((await guest.post(`/api/admin/reservations/${reservation_id}/grant-token`, { minutes: 15 })).status).toBe(401);

    const bill = await json<{ subtotal: number; tax: number; total: number; seat_label: string; order_ids: string[]; order_items: unknown[] }>(
      await guest.send('GET', `/api/orders/checkout?reservation_id=${reservation_id}`, { headers: withToken(token) }),
    );
    expect(bill.body).toMatchObject({ subtotal: 2783, tax: 253, total: 2783, seat_label: 'ソファ席' });
    expect(bill.body.order_items).toHaveLength(3);
    const pay = (method: string | undefined, orderIds: string[]) =>
      guest.send('POST', '/api/orders/checkout', { json: { reservation_id, payment_method: method, order_ids: orderIds }, headers: withToken(token) });
    expect((await pay(undefined, bill.body.order_ids)).status).toBe(400);
    expect((await json<Refusal>(await pay('cash', bill.body.order_ids.slice(1)))).body.error).toBe('orders_changed');
    const paid = await json<{ total: number; payment_method: string }>(await pay('qr', bill.body.order_ids));
    expect(paid.body).toMatchObject({ total: 2783, payment_method: 'qr' });
    expect((await send([{ menu_id: 'menu-blend', quantity: 1 }])).status).toBe(401);
    const afterwards = await admin.getJson<{ exited_at: string | null }>(`/api/orders/checkout?reservation_id=${reservation_id}`);
    expect(afterwards.body.exited_at).not.toBeNull();
  });

  it('gives staff printable seat QR codes, and lets the admin set the tax rule and the store’s point', async () => {
    const qr = await admin.page(`/monitor/qr-codes?store_id=${DEMO_STORE}`);
    expect(qr.status).toBe(200);
    expect(qr.html.match(/<svg/g)?.length).toBe(7);
    expect(qr.html).toContain(`${server.url}/order/top?seat_id=seat-t1`);
    // Each printed card names its store (decision 407).
    expect(qr.html).toContain('座席QRコード（MonCafe 駅前店）');
    expect(qr.html.match(/data-testid="qr-store"/g)?.length).toBe(7);

    const tax = await admin.send('POST', `/admin/tax-management?store_id=${DEMO_STORE}`, {
      form: { store_id: DEMO_STORE, rate_percent: '8', rounding: 'ceil', prices_include_tax: 'on' },
    });
    expect(tax.status).toBe(200);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-c2',
      seat_code: await seatCodeOf(server.url, 'seat-c2'),
      number_of_people: 1,
      ...AT_DEMO_STORE,
    });
    await guest.send('POST', '/api/orders', {
      json: { seat_id: 'seat-c2', reservation_id: checkIn.body.reservation_id, items: [{ menu_id: 'menu-blend', quantity: 1 }] },
      headers: withToken(checkIn.body.token),
    });
    const bill = await admin.getJson<{ subtotal: number; tax: number; total: number; tax_rate: number }>(
      `/api/orders/checkout?reservation_id=${checkIn.body.reservation_id}`,
    );
    // 500 yen including 8%: ceil(500 × 8 / 108) = 38.
    expect(bill.body).toMatchObject({ subtotal: 500, tax: 38, total: 500, tax_rate: 8 });
    expect(
      (await admin.send('POST', `/admin/tax-management?store_id=${DEMO_STORE}`, { form: { store_id: DEMO_STORE, rate_percent: '-1', rounding: 'floor' } }))
        .status,
    ).toBe(400);

    // Without coordinates no phone can pass the fence: staff must waive it.
    const cleared = await admin.send('POST', `/admin/store-coordinates?store_id=${DEMO_STORE}`, {
      form: { store_id: DEMO_STORE, latitude: '', longitude: '', geofence_radius_m: '150' },
    });
    expect(cleared.status).toBe(200);
    const page = await admin.page(`/admin/store-coordinates?store_id=${DEMO_STORE}`);
    expect(page.html).toContain('この店舗は位置情報が未設定です');
    const unset = await guest.post<Refusal>('/api/orders/qr-checkin', {
      seat_id: 'seat-t2',
      seat_code: await seatCodeOf(server.url, 'seat-t2'),
      number_of_people: 1,
      ...AT_DEMO_STORE,
    });
    expect(unset).toMatchObject({ status: 403, body: { error: 'store_location_unset' } });
    const store = await guest.getJson<{ name: string }>(`/api/stores/${DEMO_STORE}`);
    expect(store.body.name).toBe('MonCafe 駅前店');
    await admin.send('POST', `/admin/store-coordinates?store_id=${DEMO_STORE}`, {
      form: { store_id: DEMO_STORE, latitude: String(AT_DEMO_STORE.lat), longitude: String(AT_DEMO_STORE.lng), geofence_radius_m: '150' },
    });
    expect(
      (
        await guest.post('/api/orders/qr-checkin', {
          seat_id: 'seat-t2',
          seat_code: await seatCodeOf(server.url, 'seat-t2'),
          number_of_people: 1,
          ...AT_DEMO_STORE,
        })
      ).status,
    ).toBe(200);
  });
});
