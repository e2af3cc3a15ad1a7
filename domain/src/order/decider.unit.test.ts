import { describe, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { OrderEvent } from './events';
import { orderDecider, type OrderPlacement } from './decider';

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

describe('a void before checkout (decision 283)', () => {
  const two: OrderEvent[] = [
    {
      type: 'OrderPlaced',
      data: {
        ...order,
        lines: [...order.lines, { menuId: 'cake', name: 'チーズケーキ', price: 520, quantity: 1, takeout: false, taxCategory: 'reduced' as const }],
        placedAt: NOW,
      },
    },
  ];
  it('takes one item’s line off, then the last line voids the whole order', () => {
    const lineVoided: OrderEvent = {
      type: 'OrderLineVoided',
      data: { menuId: 'coffee', name: 'ブレンドコーヒー', quantity: 2, price: 500, reason: '間違い', voidedAt: NOW },
    };
    spec.given(two).when({ type: 'VoidOrder', menuId: 'coffee', reason: '間違い', now: NOW }).then([lineVoided]);
    spec
      .given([...two, lineVoided])
      .when({ type: 'VoidOrder', menuId: 'cake', reason: '品切れ', now: NOW })
      .then([
        {
          type: 'OrderVoided',
          data: {
            lines: [{ menuId: 'cake', name: 'チーズケーキ', price: 520, quantity: 1, takeout: false, taxCategory: 'reduced' as const }],
            reason: '品切れ',
            voidedAt: NOW,
          },
        },
      ]);
  });
  it('voids the whole order at once; voiding what is gone changes nothing', () => {
    const voided: OrderEvent = { type: 'OrderVoided', data: { lines: order.lines, reason: '取り消し', voidedAt: NOW } };
    spec.given(placed).when({ type: 'VoidOrder', menuId: null, reason: '取り消し', now: NOW }).then([voided]);
    spec
      .given([...placed, voided])
      .when({ type: 'VoidOrder', menuId: null, reason: '取り消し', now: NOW })
      .thenNothingHappens();
    spec.given(placed).when({ type: 'VoidOrder', menuId: 'unknown', reason: 'x', now: NOW }).thenNothingHappens();
    spec.given([]).when({ type: 'VoidOrder', menuId: null, reason: 'x', now: NOW }).thenThrows(code('order_not_found'));
  });
});

describe('items bumped one by one at their stations', () => {
  const two: OrderEvent[] = [
    {
      type: 'OrderPlaced',
      data: {
        ...order,
        lines: [...order.lines, { menuId: 'cake', name: 'チーズケーキ', price: 520, quantity: 1, takeout: false, taxCategory: 'reduced' as const }],
        placedAt: NOW,
      },
    },
  ];
  const coffeeBumped: OrderEvent = { type: 'OrderItemBumped', data: { menuId: 'coffee', bumpedAt: NOW } };
  const cakeBumped: OrderEvent = { type: 'OrderItemBumped', data: { menuId: 'cake', bumpedAt: NOW } };
  it('bumps the drink alone, and the ticket is done when the cake is bumped too', () => {
    spec.given(two).when({ type: 'BumpItem', menuId: 'coffee', now: NOW }).then([coffeeBumped]);
    spec
      .given([...two, coffeeBumped])
      .when({ type: 'BumpItem', menuId: 'cake', now: NOW })
      .then([cakeBumped, { type: 'OrderCompleted', data: { completedAt: NOW } }]);
  });
  it('changes nothing for a bumped item, an item not on the ticket or a done ticket', () => {
    spec
      .given([...two, coffeeBumped])
      .when({ type: 'BumpItem', menuId: 'coffee', now: NOW })
      .thenNothingHappens();
    spec.given(two).when({ type: 'BumpItem', menuId: 'tea', now: NOW }).thenNothingHappens();
    spec.given(completed).when({ type: 'BumpItem', menuId: 'coffee', now: NOW }).thenNothingHappens();
  });
  it('recalls one bumped item, also from a done ticket (the whole-ticket bump made every item)', () => {
    const recalled: OrderEvent = { type: 'OrderItemRecalled', data: { menuId: 'coffee', recalledAt: NOW } };
    spec
      .given([...two, coffeeBumped])
      .when({ type: 'RecallItem', menuId: 'coffee', now: NOW })
      .then([recalled]);
    spec.given(completed).when({ type: 'RecallItem', menuId: 'coffee', now: NOW }).then([recalled]);
    spec.given(two).when({ type: 'RecallItem', menuId: 'coffee', now: NOW }).thenNothingHappens();
    spec
      .given([...completed, recalled])
      .when({ type: 'BumpItem', menuId: 'coffee', now: NOW })
      .then([coffeeBumped, { type: 'OrderCompleted', data: { completedAt: NOW } }]);
  });
  it('refuses them on an unknown order', () => {
    spec.given([]).when({ type: 'BumpItem', menuId: 'coffee', now: NOW }).thenThrows(code('order_not_found'));
    spec.given([]).when({ type: 'RecallItem', menuId: 'coffee', now: NOW }).thenThrows(code('order_not_found'));
  });
});
