import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { httpClient, type HttpClient } from '../support/http-client';
import { AT_DEMO_STORE, DEMO_STORE, moveToOpenHours, signedInAdmin, waitForOrderMenu, withToken, seatCodeOf } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';
import { demoCoursesReady, LUNCH } from '../reservation/booking-steps';
import { adminMenu, kitchenMenu, monitorMenu, staffMenu } from '../../apps/web/app/areas/texts';

/**
 * The seats editor's, the admin home's, the orders CSV's and cost management's calls over HTTP on
 * the real server (PGlite, demo data): refusals that change nothing, who may call them, and
 * figures from real orders (decisions 120–123).
 */
type Seat = { id: string; name: string; max_people: number; reservation_hold_minutes: number; is_active: boolean; display_order: number };
type Refusal = { success: false; error: string; field?: string; code?: string; bookings?: { id: string }[] };

describe('admin calls', () => {
  let server: TestWebServer;
  let admin: HttpClient;
  let customer: HttpClient;
  let today: string;

  beforeAll(async () => {
    server = await startTestWebServer();
    await waitForOrderMenu(server.url);
    await demoCoursesReady(server.url);
    today = await moveToOpenHours(server);
    admin = await signedInAdmin(server.url);
    customer = httpClient(server.url);
    await signUp(customer, { name: 'お客', email: 'okyaku@moncafe.test', password: 'okyaku-password-123' });
  });
  afterAll(() => server?.close());

  it('titles every admin, monitor, staff and kitchen screen with the first store’s name in place of the area’s words (spec §2)', async () => {
    const titles: string[] = [];
    for (const { path } of adminMenu) {
      const html = await (await admin.get(`/admin${path ? `/${path}` : ''}`)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? `no title on /admin/${path}`;
      if (path) expect(title, `/admin/${path}`).toMatch(/^[^|]+ \| MonCafe 駅前店 \| MonCafe$/);
      else expect(title).toBe('MonCafe 駅前店 | MonCafe');
      titles.push(title);
    }
    expect(new Set(titles).size, 'each screen its own name').toBe(adminMenu.length);

    // The monitor, staff and kitchen areas the same way (an admin may open them all).
    for (const [area, menu] of [
      ['monitor', monitorMenu],
      ['staff', staffMenu],
      ['kitchen', kitchenMenu],
    ] as const) {
      for (const { path } of menu) {
        const url = `/${area}${path ? `/${path}` : ''}`;
        const html = await (await admin.get(url)).text();
        expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], url).toMatch(/^([^|]+ \| )?MonCafe 駅前店 \| MonCafe$/);
      }
    }
  });

  const seats = async () => (await admin.getJson<Seat[]>(`/api/admin/seats?store_id=${DEMO_STORE}`)).body;
  const send = async (method: string, path: string, json: unknown) => {
    const r = await admin.send(method, path, { json });
    return { status: r.status, body: (await r.json()) as Refusal & { id?: string } };
  };
  const seat = { store_id: DEMO_STORE, name: '窓際席', max_people: 2, reservation_hold_minutes: 90, adjacent_seat_ids: [] as string[] };

  it('refuses bad seats with the field at fault and changes nothing; only admins may call', async () => {
    const before = await seats();
    expect(before.map((s) => s.id)).toContain('seat-t1');
    for (const [body, field] of [
      [{ ...seat, max_people: 0 }, 'max_people'],
      [{ ...seat, name: '' }, 'name'],
      [{ ...seat, reservation_hold_minutes: 1 }, 'reservation_hold_minutes'],
      [{ ...seat, store_id: 'bad id!' }, 'store_id'],
    ] as const) {
      const r = await send('POST', '/api/admin/seats', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, field });
    }
    expect((await send('PUT', '/api/admin/seats/seat-t1', { ...seat, max_people: 99 })).status).toBe(400);
    expect((await send('DELETE', '/api/admin/seats/seat-nowhere', { remove: true })).status).toBe(404);
    expect(await seats()).toEqual(before);

    expect((await httpClient(server.url).send('POST', '/api/admin/seats', { json: seat })).status).toBe(401);
    expect((await customer.send('POST', '/api/admin/seats', { json: seat })).status).toBe(403);
    expect((await customer.get(`/api/admin/seats?store_id=${DEMO_STORE}`)).status).toBe(403);
    expect(await seats()).toEqual(before);
  });

  it('a seat with a booking is neither removed nor made inactive until the booking is gone, and the refusal names it', async () => {
    const created = await send('POST', '/api/admin/seats', { ...seat, name: '大テーブル', max_people: 6 });
    expect(created.status).toBe(200);
    const id = created.body.id!;

    // Three parties of 6 at one time: the demo's sofa and tables 3+4 take two, the new seat the third.
    const dates = await customer.post<{ dates: string[] }>('/api/customery-day/available-dates', { people: 6, menuIds: [LUNCH] });
    const date = dates.body.dates.find((d) => d > today)!;
    const times = await customer.post<{ times: string[] }>('/api/customery-day/available-times', { date, people: 6, menuIds: [LUNCH] });
    const time = times.body.times[0]!;
    const guests = [httpClient(server.url), httpClient(server.url), httpClient(server.url)];
    const held: string[][] = [];
    for (const g of guests)
      held.push((await g.post<{ seat_ids: string[] }>('/api/customery-day/allocate-seat', { date, time, people: 6, menuIds: [LUNCH] })).body.seat_ids);
    expect(held.flat()).toContain(id);
    const mine = guests[held.findIndex((h) => h.includes(id))]!;
    const sent = await mine.post<{ reservation_id: string }>('/api/reservation-confirmation/send-confirmation', {
      name: '佐藤 一郎',
      email: 'sato@example.jp',
      phone: '090-1111-2222',
      reservationData: { date, time, people: 6, cart: [{ menu_id: LUNCH, quantity: 6 }] },
    });
    expect(sent.status).toBe(200);

    const before = await seats();
    const refused = await send('DELETE', `/api/admin/seats/${id}`, { remove: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('seat_has_bookings');
    expect(refused.body.error).toContain('この座席には今後の予約が1件あるため');
    expect(refused.body.error).toContain(`${time} 佐藤 一郎様（6名）`);
    expect(refused.body.bookings?.map((b) => b.id)).toEqual([sent.body.reservation_id]);
    const deactivate = await send('PUT', `/api/admin/seats/${id}`, { ...seat, name: '大テーブル', max_people: 6, is_active: false });
    expect(deactivate.status).toBe(409);
    expect(await seats()).toEqual(before);

    // Other edits of a booked seat go through.
    expect((await send('PUT', `/api/admin/seats/${id}`, { ...seat, name: '大テーブル', max_people: 6, reservation_hold_minutes: 120 })).status).toBe(200);
    expect((await seats()).find((s) => s.id === id)).toMatchObject({ reservation_hold_minutes: 120 });

    // Once the guest cancels, the seat can go.
    expect((await mine.post('/api/customer-cancel/execute', { reservation_id: sent.body.reservation_id, email: 'sato@example.jp', reason: '' })).status).toBe(
      200,
    );
    expect((await send('DELETE', `/api/admin/seats/${id}`, { remove: true })).status).toBe(200);
    expect((await seats()).map((s) => s.id)).not.toContain(id);
  });

  it('exports the day’s orders as CSV with a BOM to admins only, and computes margins from those orders', async () => {
    const guest = httpClient(server.url);
    const checkIn = await guest.post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
      seat_id: 'seat-t1',
      seat_code: await seatCodeOf(server.url, 'seat-t1'),
      number_of_people: 2,
      ...AT_DEMO_STORE,
    });
    expect(checkIn.status).toBe(200);
    const { reservation_id, token } = checkIn.body;
    const order = await guest.send('POST', '/api/orders', {
      json: {
        seat_id: 'seat-t1',
        reservation_id,
        items: [
          { menu_id: 'menu-blend', quantity: 2 },
          { menu_id: 'menu-latte', quantity: 1 },
        ],
      },
      headers: withToken(token),
    });
    expect(order.status).toBe(200);
    const { order_id } = (await order.json()) as { order_id: string };
    const paid = await admin.send('POST', '/api/orders/checkout', { json: { reservation_id, payment_method: 'cash', order_ids: [order_id] } });
    expect(paid.status).toBe(200);

    const csv = await admin.get(`/api/admin/orders/export.csv?store_id=${DEMO_STORE}&date=${today}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="orders-${today}.csv"`);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(rows[0]).toBe('注文ID,注文日時,座席,予約ID,商品,数量,単価,金額,状態,支払方法');
    const mineRows = rows.filter((r) => r.startsWith(order_id));
    expect(mineRows).toHaveLength(2);
    expect(mineRows[0]).toMatch(
      new RegExp(`^${order_id},\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2},テーブル1,${reservation_id},ブレンドコーヒー,2,500,1000,調理待ち,現金$`),
    );
    expect(mineRows[1]).toContain(',カフェラテ,1,580,580,調理待ち,現金');
    expect(rows.at(-1)).toBe('');

    expect((await httpClient(server.url).get(`/api/admin/orders/export.csv?store_id=${DEMO_STORE}`)).status).toBe(401);
    expect((await customer.get(`/api/admin/orders/export.csv?store_id=${DEMO_STORE}`)).status).toBe(403);
    expect((await customer.get(`/api/admin/day-summary?store_id=${DEMO_STORE}`)).status).toBe(403);
    expect((await customer.get(`/api/admin/cost-lines?store_id=${DEMO_STORE}`)).status).toBe(403);

    // The home's day: the order, its payment, the takings.
    const day = (
      await admin.getJson<{
        orders: { id: string; payment_method: string | null }[];
        sales: { total: number };
        orderTotals: { items: { menu_id: string; quantity: number }[] };
      }>(`/api/admin/day-summary?store_id=${DEMO_STORE}&date=${today}`)
    ).body;
    expect(day.orders.find((o) => o.id === order_id)?.payment_method).toBe('cash');
    expect(day.sales.total).toBeGreaterThanOrEqual(1738);

    // Margins: the demo's blend costs 0.015 kg × 3,600 + 1 × 4 = 58; the latte 0.018 × 4,000 + 0.2 × 250 = 122.
    type Report = {
      items: { menu_id: string; cost: number | null; margin: number | null }[];
      day: { lines: { menu_id: string; quantity: number; sales: number; cost: number | null; margin: number | null }[] };
    };
    const report = async () => (await admin.getJson<Report>(`/api/admin/cost-lines?store_id=${DEMO_STORE}&date=${today}`)).body;
    const first = await report();
    expect(first.items.find((i) => i.menu_id === 'menu-blend')).toMatchObject({ cost: 58, margin: 442 });
    const blend = first.day.lines.find((l) => l.menu_id === 'menu-blend')!;
    const latte = first.day.lines.find((l) => l.menu_id === 'menu-latte')!;
    expect(blend.cost! / blend.quantity).toBe(58);
    expect(blend.margin).toBe(blend.sales - blend.cost!);
    expect(latte.cost! / latte.quantity).toBe(122);

    const added = await send('POST', '/api/admin/cost-lines', {
      store_id: DEMO_STORE,
      menu_id: 'menu-blend',
      name: '砂糖',
      quantity: 2,
      unit: '本',
      unit_cost: 5,
    });
    expect(added.status).toBe(200);
    const second = await report();
    expect(second.items.find((i) => i.menu_id === 'menu-blend')).toMatchObject({ cost: 68, margin: 432 });
    const blend2 = second.day.lines.find((l) => l.menu_id === 'menu-blend')!;
    expect(blend2.cost).toBe(blend.cost! + 10 * blend.quantity);
    expect((await send('POST', '/api/admin/cost-lines', { store_id: DEMO_STORE, menu_id: 'menu-blend', name: '', quantity: -1, unit_cost: 5 })).status).toBe(
      400,
    );
    expect((await send('DELETE', `/api/admin/cost-lines/${added.body.id}`, { remove: true })).status).toBe(200);
    expect((await report()).items.find((i) => i.menu_id === 'menu-blend')).toMatchObject({ cost: 58 });
  });
});
