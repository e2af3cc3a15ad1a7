import { describe, expect, it } from 'vitest';
import { accountEventSchemas, claimEventSchemas, claimStreamName, toStreamName as accountStream } from '@moncafe/domain/account/events';
import { toStreamName as catalogStream } from '@moncafe/domain/catalog/events';
import { checklistEventSchemas, toStreamName as checklistStream } from '@moncafe/domain/checklist/events';
import { notificationEventSchemas, toStreamName as notificationStream } from '@moncafe/domain/notification/events';
import { orderEventSchemas, toStreamName as orderStream } from '@moncafe/domain/order/events';
import { purchasingEventSchemas, toStreamName as purchasingStream } from '@moncafe/domain/purchasing/events';
import { registerEventSchemas, toStreamName as registerStream } from '@moncafe/domain/register/events';
import { reservationEventSchemas, toStreamName as reservationStream } from '@moncafe/domain/reservation/events';
import { numberClaimStreamName, reservationNumberEventSchemas } from '@moncafe/domain/reservation/number';
import { seatingEventSchemas, toStreamName as seatingStream } from '@moncafe/domain/seating/events';
import { shiftEventSchemas, toStreamName as shiftStream } from '@moncafe/domain/shift/events';
import { stockEventSchemas, toStreamName as stockStream } from '@moncafe/domain/stock/events';
import { categoryOf } from '@moncafe/domain/streams';
import { attendanceEventSchemas, toStreamName as attendanceStream } from '@moncafe/domain/attendance/events';
import { clockPinEventSchemas, clockPinStream } from '@moncafe/domain/attendance/clock-pin';
import { billEventSchemas, billStream, receiptEventSchemas, receiptsStream } from '@moncafe/domain/billing/events';
import { byCategory, eventsFor } from './projector';
import { projectors } from './read-models';
import type { RecordedEvent } from '@moncafe/domain/ports';

/** A stream of every category the product writes, named as its context names them, and a few it does not. */
const streams = [
  accountStream('acc-1'),
  claimStreamName('email', 'a'.repeat(64)),
  ...(['menu', 'seat', 'store', 'tax'] as const).map((kind) => catalogStream(kind, 'r1')),
  'catalog-menu-r1', // a name from before decision 030
  checklistStream({ storeId: '1', list: 'opening', day: '2026-12-01' }),
  notificationStream('e1'),
  orderStream('o1'),
  purchasingStream('sup-1'),
  registerStream('1'),
  reservationStream('res-1'),
  numberClaimStreamName('R-1234'),
  seatingStream('1', '2026-12-01'),
  shiftStream({ storeId: '1', userId: 'u1', month: '2026-12' }),
  attendanceStream({ storeId: '1', userId: 'u1', month: '2026-12' }),
  clockPinStream('u1'),
  stockStream('1'),
  receiptsStream('1'),
  billStream('res-1'),
  'contract-1',
  'nodash',
];

/** Every event type the product writes. */
const types = [
  ...Object.keys({
    ...accountEventSchemas,
    ...claimEventSchemas,
    ...checklistEventSchemas,
    ...notificationEventSchemas,
    ...orderEventSchemas,
    ...purchasingEventSchemas,
    ...registerEventSchemas,
    ...reservationEventSchemas,
    ...reservationNumberEventSchemas,
    ...seatingEventSchemas,
    ...shiftEventSchemas,
    ...attendanceEventSchemas,
    ...clockPinEventSchemas,
    ...stockEventSchemas,
    ...receiptEventSchemas,
    ...billEventSchemas,
  }),
  'RecordSaved',
  'RecordRemoved',
];

describe("projectors' stream categories (decision 145)", () => {
  it('are declared by every projector that handles some events, and hold every event it handles', () => {
    const checked = projectors.filter((p) => p.handles);
    expect(checked.length).toBeGreaterThan(15);
    for (const projector of checked) {
      expect(projector.categories, projector.name).toBeDefined();
      let accepted = 0;
      for (const streamId of streams)
        for (const type of types) {
          if (!projector.handles!({ streamId, type })) continue;
          accepted++;
          expect(projector.categories, `${projector.name} handles ${type} in ${streamId}`).toContain(categoryOf(streamId));
        }
      // A declaration is only as good as what it was checked on: each projector accepts something here.
      expect(accepted, projector.name).toBeGreaterThan(0);
    }
  });

  it('hand a projector only its categories’ events, in position order', () => {
    const event = (position: number, streamId: string): RecordedEvent => ({
      eventId: `e${position}`,
      streamId,
      revision: 0,
      position,
      type: 'X',
      data: {},
      metadata: { correlationId: 'c', causationId: null, actor: 'system', storeId: null },
      recordedAt: new Date(0),
    });
    const page = [event(1, 'order-a'), event(2, 'reservation-b'), event(3, 'seating-1~2026-12-01'), event(4, 'order-c'), event(5, 'reservation-d')];
    const lists = byCategory(page);
    const positions = (events: readonly RecordedEvent[]) => events.map((e) => e.position);
    const orders = projectors.find((p) => p.name === 'orders')!;
    const reservations = projectors.find((p) => p.name === 'reservations')!;
    const history = projectors.find((p) => p.name === 'event-history')!;
    expect(positions(eventsFor(orders, page, lists))).toEqual([1, 2, 4, 5]);
    expect(positions(eventsFor(reservations, page, lists))).toEqual([2, 5]);
    expect(positions(eventsFor(history, page, lists))).toEqual([1, 2, 3, 4, 5]);
  });
});
