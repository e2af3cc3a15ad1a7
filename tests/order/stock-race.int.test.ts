import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client';
import { createTestDatabase, postgresUrl } from '../support/services';
import { AT_DEMO_STORE, DEMO_STORE, moveToOpenHours, signedInAdmin, waitForOrderMenu, withToken, seatCodeOf } from '../support/table-order';
import { startTestWebServer, waitForAnswer } from '../support/web-server';

const pgUrl = await postgresUrl();

/**
 * The stock race on the real PostgreSQL, over HTTP: three cakes left, twenty orders of one at
 * once. Exactly three are accepted, seventeen hear a clear sold-out answer, and the cake leaves
 * the order menu.
 */
describe.skipIf(!pgUrl)('twenty phones ordering the last three cakes (PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('accepts exactly three, answers sold out to seventeen, and takes the cake off the order menu', async () => {
    const database = await createTestDatabase(pgUrl!, 'moncafe_stock_race');
    cleanups.push(database.drop);
    const server = await startTestWebServer({ env: { DATABASE_URL: database.url } });
    cleanups.push(server.close);
    await waitForOrderMenu(server.url);
    await moveToOpenHours(server);
    const admin = await signedInAdmin(server.url);
    expect((await admin.post('/api/admin/menu-stock/menu-cheesecake', { quantity: 3, is_sold_out: false, manage_stock: true })).status).toBe(200);

    // Four tables of guests, five phones' worth of orders each.
    const tables = await Promise.all(
      ['seat-t1', 'seat-t2', 'seat-t3', 'seat-t4'].map(async (seat_id) => {
        const r = await httpClient(server.url).post<{ reservation_id: string; token: string }>('/api/orders/qr-checkin', {
          seat_id,
          seat_code: await seatCodeOf(server.url, seat_id),
          number_of_people: 2,
          ...AT_DEMO_STORE,
        });
        expect(r.status).toBe(200);
        return { seat_id, ...r.body };
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const table = tables[i % tables.length]!;
        const response = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, ...withToken(table.token) },
          body: JSON.stringify({ seat_id: table.seat_id, reservation_id: table.reservation_id, items: [{ menu_id: 'menu-cheesecake', quantity: 1 }] }),
        });
        return { status: response.status, body: (await response.json()) as { success: boolean; error?: string; menu_ids?: string[]; message?: string } };
      }),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const soldOut = answers.filter((a) => a.status === 409 && a.body.error === 'sold_out');
    expect(accepted).toHaveLength(3);
    expect(soldOut).toHaveLength(17);
    for (const refused of soldOut)
      expect(refused.body).toMatchObject({ success: false, menu_ids: ['menu-cheesecake'], message: expect.stringContaining('品切れ') });

    // The other screens read the read models, which hold the three orders once their projection
    // has run (the phones' answers do not wait for it, decision 483): the kitchen's list first.
    const ready = await waitForAnswer(
      () => admin.getJson<{ orders: { items: { menu_id: string; quantity: number }[] }[] }>(`/api/orders/ready?store_id=${DEMO_STORE}`),
      (answer) => answer.body.orders.flatMap((o) => o.items).filter((i) => i.menu_id === 'menu-cheesecake').length >= 3,
    );
    expect(ready.body.orders.flatMap((o) => o.items).filter((i) => i.menu_id === 'menu-cheesecake')).toHaveLength(3);
    const stock = await waitForAnswer(
      () => admin.getJson<{ item: { quantity: number; manage_stock: number } }>('/api/admin/menu-stock/menu-cheesecake'),
      (answer) => answer.body.item.quantity <= 0,
    );
    expect(stock.body.item).toMatchObject({ quantity: 0, manage_stock: 1 });
    const menu = await httpClient(server.url).getJson<{ menus: { id: string }[] }>(`/api/orders/menu?store_id=${DEMO_STORE}`);
    expect(menu.body.menus.map((m) => m.id)).not.toContain('menu-cheesecake');
    expect(menu.body.menus.map((m) => m.id)).toContain('menu-gateau');
  });
});
