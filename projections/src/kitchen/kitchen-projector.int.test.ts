import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toStreamName as catalogStream, type CatalogEvent } from '@moncafe/domain/catalog/events';
import { parseRecord } from '@moncafe/domain/catalog/decider';
import type { CatalogInput } from '@moncafe/domain/catalog/registry';
import type { DomainEvent, RecordedEvent } from '@moncafe/domain/ports';
import { recordedEvent } from '@moncafe/domain/testing/recorded-event';
import { sampleRequest } from '@moncafe/domain/testing/reservation-catalog';
import { menusProjector } from '../menus/projector';
import { ordersProjector } from '../orders/projector';
import { openReadModelTestDb, type ReadModelTestDb } from '../testing/read-model-db';
import { kitchenProjector } from './projector';
import { completedKitchenTickets, readyKitchenTickets } from './queries';

let position = 0;
const meta = { correlationId: 'c', causationId: null, actor: 'customer', storeId: 's' };
const at = (event: DomainEvent, streamId: string): RecordedEvent => recordedEvent(event, { streamId, position: ++position, revision: 0, metadata: meta });
const option = (id: string, data: CatalogInput<'menu-option'>) =>
  at({ type: 'RecordSaved', data: { kind: 'menu-option', id, data: parseRecord('menu-option', id, data) } } as CatalogEvent, catalogStream('menu-option', id));
// 2026-12-10 12:00 in Tokyo.
const NOON = '2026-12-10T03:00:00.000Z';
const order = (orderId: string, reservationId: string) =>
  at(
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        storeId: 's',
        reservationId,
        seatId: 'T1',
        seatLabel: 'テーブル1',
        lines: [{ menuId: 'coffee', name: 'ブレンドコーヒー', price: 500, quantity: 1 }],
        placedBy: 'customer',
        placedAt: NOON,
      },
    },
    `order-${orderId}`,
  );

const events: RecordedEvent[] = [
  // The owner marked one option as asking about allergies; the other names one in its label only.
  option('o1', {
    menu_id: 'm1',
    label: '除去してほしい食材',
    type: 'checkbox',
    allergy: true,
    choices: [
      { id: 'egg', label: '卵' },
      { id: 'milk', label: '乳' },
    ],
  }),
  option('o2', { menu_id: 'm1', label: 'アレルギー対応プレート', type: 'text' }),
  option('o3', { menu_id: 'm1', label: 'プレートの写真', type: 'image' }),
  at(
    {
      type: 'ReservationRequested',
      data: {
        ...sampleRequest({ reservationId: 'r1', storeId: 's', people: 2, detail: { m1_o1: ['egg'], m1_o2: 'そばアレルギー', m1_o3: 'blob-1' } }),
        remarks: '窓際希望',
        requestedAt: '2026-12-09T01:00:00.000Z',
      },
    },
    'reservation-r1',
  ),
  at(
    { type: 'WalkInSeated', data: { reservationId: 'w1', storeId: 's', date: '2026-12-10', time: '12:00', people: 3, seatIds: ['T2'], seatedAt: NOON } },
    'reservation-w1',
  ),
  order('a1', 'r1'),
  order('a2', 'w1'),
  // The booking's party joins the walk-in's: its ticket says the joined size.
  at({ type: 'MergedIntoParty', data: { hostId: 'w1', mergedAt: NOON, date: '2026-12-10' } }, 'reservation-r1'),
  at(
    {
      type: 'PartyMerged',
      data: {
        absorbedId: 'r1',
        seatIds: ['T1', 'T2'],
        people: 5,
        absorbed: { seatIds: ['T1'], people: 2 },
        before: { seatIds: ['T2'], people: 3 },
        seatLabel: '',
        mergedAt: NOON,
        date: '2026-12-10',
      },
    },
    'reservation-w1',
  ),
];

describe('the kitchen ticket read model (decision 670)', () => {
  let t: ReadModelTestDb;
  beforeAll(async () => {
    t = await openReadModelTestDb();
  });
  afterAll(() => t.close());

  it('given a booking, options and orders, then tickets whose allergy flag comes from the remarks field and the options’ marks, not their words', async () => {
    await t.project([menusProjector, ordersProjector, kitchenProjector], [...events, ...events]);
    const tickets = await readyKitchenTickets(t.db, 's');
    expect(tickets.map((k) => [k.id, k.people, k.paid])).toEqual([
      ['a1', 5, false],
      ['a2', 5, false],
    ]);
    expect(tickets[0]!.notes).toEqual([
      { source: 'option', label: '除去してほしい食材', text: '卵', allergy: true },
      { source: 'option', label: 'アレルギー対応プレート', text: 'そばアレルギー', allergy: false },
      { source: 'remarks', text: '窓際希望', allergy: true },
    ]);
    expect(tickets[1]!.notes).toEqual([]);
  });

  it('given a checkout, a completion and a forgotten guest, then the ticket says paid, moves to the history and loses the guest’s words', async () => {
    await t.project(
      [ordersProjector, kitchenProjector],
      [
        at(
          { type: 'CheckedOut', data: { payment: null, exitedAt: '2026-12-10T04:00:00.000Z', actualDurationMinutes: 60, date: '2026-12-10' } } as DomainEvent,
          'reservation-w1',
        ),
        at({ type: 'OrderCompleted', data: { completedAt: '2026-12-10T03:10:00.000Z' } }, 'order-a1'),
        at(
          { type: 'GuestForgotten', data: { customer: { name: '', email: '', phone: '' }, detail: {}, cancelReason: null, forgottenAt: NOON } },
          'reservation-r1',
        ),
      ],
    );
    expect((await readyKitchenTickets(t.db, 's')).map((k) => [k.id, k.paid])).toEqual([['a2', true]]);
    expect((await completedKitchenTickets(t.db, 's', '2026-12-10')).map((k) => [k.id, k.notes])).toEqual([['a1', []]]);
  });

  it('rebuilt from the same events, makes the same tickets', async () => {
    const live = await openReadModelTestDb();
    const rebuilt = await openReadModelTestDb();
    try {
      // Live: one event at a time, as the worker meets them; rebuilt: the whole log in one batch.
      for (const event of events) await live.project([menusProjector, ordersProjector, kitchenProjector], [event]);
      await rebuilt.project([menusProjector, ordersProjector, kitchenProjector], events);
      expect(await readyKitchenTickets(rebuilt.db, 's')).toEqual(await readyKitchenTickets(live.db, 's'));
      expect((await readyKitchenTickets(rebuilt.db, 's')).length).toBe(2);
    } finally {
      await Promise.all([live.close(), rebuilt.close()]);
    }
  });

  it('given items bumped one by one, then each item’s state; the last bump completes the ticket and a recall reopens it', async () => {
    const placed = at(
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'b1',
          storeId: 's2',
          reservationId: 'w1',
          seatId: 'T2',
          seatLabel: 'テーブル2',
          lines: [
            { menuId: 'latte', name: 'カフェラテ', price: 550, quantity: 1 },
            { menuId: 'cake', name: 'チーズケーキ', price: 520, quantity: 1 },
          ],
          placedBy: 'customer',
          placedAt: NOON,
        },
      },
      'order-b1',
    );
    const stateOf = async () => (await readyKitchenTickets(t.db, 's2')).map((k) => k.items.map((i) => [i.menu_id, i.state ?? 'ready']));
    await t.project([ordersProjector], [placed, at({ type: 'OrderItemBumped', data: { menuId: 'latte', bumpedAt: NOON } }, 'order-b1')]);
    expect(await stateOf()).toEqual([
      [
        ['latte', 'done'],
        ['cake', 'ready'],
      ],
    ]);
    await t.project(
      [ordersProjector],
      [
        at({ type: 'OrderItemBumped', data: { menuId: 'cake', bumpedAt: NOON } }, 'order-b1'),
        at({ type: 'OrderCompleted', data: { completedAt: NOON } }, 'order-b1'),
      ],
    );
    expect(await stateOf()).toEqual([]);
    await t.project([ordersProjector], [at({ type: 'OrderItemRecalled', data: { menuId: 'cake', recalledAt: NOON } }, 'order-b1')]);
    expect(await stateOf()).toEqual([
      [
        ['latte', 'done'],
        ['cake', 'ready'],
      ],
    ]);
  });
});
