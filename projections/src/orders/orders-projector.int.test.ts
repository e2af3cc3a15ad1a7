import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, RecordedEvent } from '@moncafe/domain/ports';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { stockProjector } from '../stock/projector';
import { orderMenu, soldOutItems } from '../stock/queries';
import { menusProjector } from '../menus/projector';
import { taxProjector } from '../tax/projector';
import { taxRuleOf } from '../tax/queries';
import { ordersProjector } from './projector';
import { completedOrders, countOpenOrders, ordersOfReservation, readyOrders } from './queries';

let position = 0;
const meta = { correlationId: 'c', causationId: null, actor: 'customer', storeId: 's' };
const at = (event: DomainEvent, streamId: string): RecordedEvent => recordedEvent(event, { streamId, position: ++position, revision: 0, metadata: meta });
// 2026-12-10 12:00 in Tokyo.
const NOON = '2026-12-10T03:00:00.000Z';

describe('orders, payments and stock read models', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
  });
  afterAll(() => t.close());

  it('given orders placed, completed and restored, then the kitchen’s lists; twice is harmless', async () => {
    const placed = at(
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'o1',
          storeId: 's',
          reservationId: 'r1',
          seatId: 'T1',
          seatLabel: 'テーブル1',
          lines: [
            { menuId: 'coffee', name: 'ブレンドコーヒー', price: 500, quantity: 2 },
            { menuId: 'cake', name: 'チーズケーキ', price: 520, quantity: 1 },
          ],
          placedBy: 'customer',
          placedAt: NOON,
        },
      },
      'order-o1',
    );
    await t.project([ordersProjector], [placed, placed]);
    expect(await readyOrders(t.db, 's')).toEqual([
      expect.objectContaining({
        id: 'o1',
        seat_label: 'テーブル1',
        status: 'ready',
        subtotal: 1520,
        items: [
          { menu_id: 'coffee', menu_name: 'ブレンドコーヒー', quantity: 2, price: 500, takeout: false },
          { menu_id: 'cake', menu_name: 'チーズケーキ', quantity: 1, price: 520, takeout: false },
        ],
      }),
    ]);
    expect(await countOpenOrders(t.db, 's')).toBe(1);
    await t.project([ordersProjector], [at({ type: 'OrderCompleted', data: { completedAt: '2026-12-10T03:10:00.000Z' } }, 'order-o1')]);
    expect(await readyOrders(t.db, 's')).toEqual([]);
    expect((await completedOrders(t.db, 's', '2026-12-10')).map((o) => o.id)).toEqual(['o1']);
    expect(await completedOrders(t.db, 's', '2026-12-11')).toEqual([]);
    await t.project([ordersProjector], [at({ type: 'OrderRestored', data: { restoredAt: '2026-12-10T03:11:00.000Z' } }, 'order-o1')]);
    expect((await readyOrders(t.db, 's')).map((o) => o.id)).toEqual(['o1']);
    expect((await ordersOfReservation(t.db, 'r1')).map((o) => o.id)).toEqual(['o1']);
  });

  it('given checkouts with a payment, then a payment row each on its Tokyo business day; one without a payment has none', async () => {
    const out = (reservationId: string, method: 'cash' | 'qr', total: number, exitedAt = NOON) =>
      at(
        {
          type: 'CheckedOut',
          data: {
            payment: { method, subtotal: total - Math.floor(total / 11), tax: Math.floor(total / 11), total, orderIds: [] },
            exitedAt,
            actualDurationMinutes: 30,
            date: '2026-12-10',
          },
        },
        `reservation-${reservationId}`,
      );
    await t.project(
      [ordersProjector],
      [
        out('r1', 'qr', 1100),
        out('r2', 'cash', 2200),
        out('r3', 'cash', 3300),
        out('r4', 'cash', 990, '2026-12-10T16:00:00.000Z'),
        at({ type: 'CheckedOut', data: { payment: null, exitedAt: NOON, actualDurationMinutes: 5, date: '2026-12-10' } }, 'reservation-r5'),
      ],
    );
    const payments = await t.db.selectFrom('payments').select(['reservation_id', 'business_date', 'method', 'total']).orderBy('reservation_id').execute();
    // 16:00Z is 01:00 the next day in Tokyo.
    expect(payments).toEqual([
      { reservation_id: 'r1', business_date: '2026-12-10', method: 'qr', total: 1100 },
      { reservation_id: 'r2', business_date: '2026-12-10', method: 'cash', total: 2200 },
      { reservation_id: 'r3', business_date: '2026-12-10', method: 'cash', total: 3300 },
      { reservation_id: 'r4', business_date: '2026-12-11', method: 'cash', total: 990 },
    ]);
  });

  it('given stock set and reserved, then the order menu leaves out what is gone; the tax rule defaults to 10% floor', async () => {
    const menu = (id: string, name: string) =>
      at({ type: 'RecordSaved', data: { kind: 'menu', id, data: { store_id: 's', name, price: 500, show_on_order: true } } }, `catalog-menu~${id}`);
    await t.project([menusProjector], [menu('coffee', 'ブレンドコーヒー'), menu('cake', 'チーズケーキ'), menu('pie', 'アップルパイ')]);
    await t.project(
      [stockProjector],
      [
        at({ type: 'StockSet', data: { menuId: 'cake', manageStock: true, quantity: 1, isSoldOut: false, setAt: NOON } }, 'stock-s'),
        at({ type: 'StockSet', data: { menuId: 'pie', manageStock: true, quantity: 5, isSoldOut: true, setAt: NOON } }, 'stock-s'),
      ],
    );
    expect((await orderMenu(t.db, 's')).map((m) => m.id)).toEqual(['cake', 'coffee']);
    await t.project(
      [stockProjector],
      [at({ type: 'StockReserved', data: { orderId: 'o9', lines: [{ menuId: 'cake', quantity: 1, remaining: 0 }], reservedAt: NOON } }, 'stock-s')],
    );
    expect((await orderMenu(t.db, 's')).map((m) => m.id)).toEqual(['coffee']);
    expect((await soldOutItems(t.db, 's')).map((m) => [m.id, m.quantity, m.is_sold_out])).toEqual([
      ['cake', 0, 0],
      ['pie', 5, 1],
    ]);
    expect(await taxRuleOf(t.db, 's')).toEqual({ ratePercent: 10, rounding: 'floor', pricesIncludeTax: false });
    await t.project(
      [taxProjector],
      [
        at(
          { type: 'RecordSaved', data: { kind: 'tax', id: 's', data: { store_id: 's', rate_percent: 8, rounding: 'round', prices_include_tax: true } } },
          'catalog-tax~s',
        ),
      ],
    );
    expect(await taxRuleOf(t.db, 's')).toEqual({ ratePercent: 8, rounding: 'round', pricesIncludeTax: true, reducedRatePercent: 8, nextRates: null });
  });
});
