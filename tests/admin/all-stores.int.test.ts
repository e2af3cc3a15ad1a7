import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SECOND_STORE_ID } from '@moncafe/demo/second-store';
import type { HttpClient } from '../support/http-client';
import { DEMO_STORE, moveToBothDemoStoresOpen, signedInAdmin, waitForOrderMenu } from '../support/table-order';
import { startTestWebServer, type TestWebServer } from '../support/web-server';

interface Summary {
  totals: { total: number; count: number; guests: number };
  previous: { total: number };
  todayClosed: boolean;
  stores: { store_id: string; name: string; totals: { total: number; count: number; guests: number }; todayClosed: boolean }[];
}

/** The rows of a CSV export (csv.ts: a BOM, CRLF, no field here holds a comma or a quote). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

/**
 * Reports for all stores together (decisions 408 and 413), over HTTP with the
 * demo's two stores, each with a visit paid today: every row of a 全店舗 export says its store,
 * and the admin home's 全店舗 figures are the sum of each store's, each store named beside them.
 */
describe('reports for all stores together', () => {
  let server: TestWebServer;
  let admin: HttpClient;
  let today: string;
  const sold: Record<string, { menu: string; quantity: number }> = {
    [DEMO_STORE]: { menu: 'menu-blend', quantity: 2 },
    [DEMO_SECOND_STORE_ID]: { menu: 'menu-w-latte', quantity: 3 },
  };

  /** Staff seat a walk-in of two at the store, order for it and check it out in cash. */
  async function paidVisit(storeId: string) {
    const booked = await admin.post<{ reservation_id: string; seat_ids: string[] }>('/api/monitor/staff-bookings', {
      walk_in: true,
      store_id: storeId,
      people: 2,
      name: `${storeId}番の客`,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const { reservation_id } = booked.body;
    const ordered = await admin.post<{ order_id: string }>('/api/orders', {
      seat_id: booked.body.seat_ids[0],
      reservation_id,
      items: [{ menu_id: sold[storeId]!.menu, quantity: sold[storeId]!.quantity }],
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const paid = await admin.post('/api/orders/checkout', { reservation_id, payment_method: 'cash', order_ids: [ordered.body.order_id] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }

  beforeAll(async () => {
    server = await startTestWebServer();
    await waitForOrderMenu(server.url);
    today = await moveToBothDemoStoresOpen(server);
    admin = await signedInAdmin(server.url);
    await paidVisit(DEMO_STORE);
    await paidVisit(DEMO_SECOND_STORE_ID);
  });
  afterAll(() => server?.close());

  const exportOf = async (kind: string, scope: 'store' | 'all') => {
    const answer = await admin.get(`/api/admin/sales/export/${kind}?store_id=${DEMO_STORE}&from=${today}&to=${today}&scope=${scope}`);
    expect(answer.status).toBe(200);
    return rowsOf(await answer.text());
  };

  it('begins every row of a 全店舗 export with its store’s name, the totals row with 合計; one store’s export has no store column', async () => {
    const names = { [DEMO_STORE]: 'MonCafe 駅前店', [DEMO_SECOND_STORE_ID]: 'MonCafe 西口公園店' };
    for (const kind of ['sales-lines', 'receipts', 'reservations'] as const) {
      const one = await exportOf(kind, 'store');
      const all = await exportOf(kind, 'all');
      expect(all[0], kind).toEqual(['店舗', ...one[0]!]);
      const body = all.slice(1, -1);
      expect(new Set(body.map((row) => row[0])), kind).toEqual(new Set(Object.values(names)));
      // The chosen store's rows are its own export's rows, its name in front.
      expect(
        body.filter((row) => row[0] === names[DEMO_STORE]).map((row) => row.slice(1)),
        kind,
      ).toEqual(one.slice(1, -1));
      expect(all.at(-1)![0], kind).toBe('合計');
    }
    // A sales line names what its store sold: the latte only at 西口公園店.
    const lines = await exportOf('sales-lines', 'all');
    const latte = lines.filter((row) => row.includes('menu-w-latte'));
    expect(latte.map((row) => row[0])).toEqual(['MonCafe 西口公園店']);
  });

  it('gives the admin home’s 全店舗 figures as the sum of each store’s, each open store named with its own', async () => {
    const summaryOf = async (query: string) => (await admin.getJson<Summary>(`/api/admin/sales/summary?${query}`)).body;
    const first = await summaryOf(`store_id=${DEMO_STORE}`);
    const second = await summaryOf(`store_id=${DEMO_SECOND_STORE_ID}`);
    const all = await summaryOf(`store_id=${DEMO_STORE}&scope=all`);
    expect(first.stores).toEqual([]);
    expect(first.totals.count).toBe(1);
    expect(second.totals.count).toBe(1);
    for (const figure of ['total', 'count', 'guests'] as const) expect(all.totals[figure], figure).toBe(first.totals[figure] + second.totals[figure]);
    expect(all.stores.map((s) => [s.store_id, s.name, s.totals.total])).toEqual([
      [DEMO_STORE, 'MonCafe 駅前店', first.totals.total],
      [DEMO_SECOND_STORE_ID, 'MonCafe 西口公園店', second.totals.total],
    ]);
    expect(all.todayClosed).toBe(false);
  });

  it('refuses a report of a store that does not exist (404 unknown_store) instead of answering a report of nothing', async () => {
    const made = 'no-such-store';
    for (const call of [
      `/api/admin/sales/summary?store_id=${made}`,
      `/api/admin/day-summary?store_id=${made}`,
      `/api/admin/daily-close?store_id=${made}`,
      `/api/admin/sales/export/receipts?store_id=${made}&from=${today}&to=${today}`,
    ]) {
      const refused = await admin.getJson<{ error: string }>(call);
      expect(refused.status, call).toBe(404);
      expect(refused.body.error, call).toBe('選ばれた店舗は見つからないか、閉店しています。店舗を選び直してください。');
    }
    // 全店舗 names no store of its own: the admin's chosen store is not looked up there.
    expect((await admin.getJson(`/api/admin/sales/summary?store_id=${made}&scope=all`)).status).toBe(200);
  });
});
