import { describe, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { OrderEvent } from './events';
import { orderDecider, type OrderPlacement } from './order';

const spec = deciderSpecification(orderDecider);
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;
const NOW = '2026-12-10T03:00:00.000Z';
const order: Omit<OrderPlacement, 'placedAt'> = {
  orderId: 'o1',
  storeId: 's',
  reservationId: 'r1',
  seatId: 'T1',
  seatLabel: 'テーブル1',
  lines: [{ menuId: 'coffee', name: 'ブレンドコーヒー', price: 500, quantity: 2, takeout: false, taxCategory: 'reduced' }],
  placedBy: 'customer',
};
const placed: OrderEvent[] = [{ type: 'OrderPlaced', data: { ...order, placedAt: NOW } }];
const completed: OrderEvent[] = [...placed, { type: 'OrderCompleted', data: { completedAt: NOW } }];

describe('a table order', () => {
  it('is placed once', () => {
    spec.given([]).when({ type: 'PlaceOrder', order, now: NOW }).then(placed);
    spec.given(placed).when({ type: 'PlaceOrder', order, now: NOW }).thenThrows(code('order_exists'));
  });
  it('goes ready, then complete, and can be restored; repeating either changes nothing', () => {
    spec.given(placed).when({ type: 'CompleteOrder', now: NOW }).then(completed.slice(1));
    spec.given(completed).when({ type: 'CompleteOrder', now: NOW }).thenNothingHappens();
    spec
      .given(completed)
      .when({ type: 'RestoreOrder', now: NOW })
      .then([{ type: 'OrderRestored', data: { restoredAt: NOW } }]);
    spec.given(placed).when({ type: 'RestoreOrder', now: NOW }).thenNothingHappens();
  });
  it('refuses the kitchen’s commands on an unknown order', () => {
    spec.given([]).when({ type: 'CompleteOrder', now: NOW }).thenThrows(code('order_not_found'));
    spec.given([]).when({ type: 'RestoreOrder', now: NOW }).thenThrows(code('order_not_found'));
  });
});
