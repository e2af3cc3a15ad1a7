import { assertNever } from '@moncafe/domain/decider';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { ORDER_CATEGORY, fromStreamName as orderOf, parseOrderEvent } from '@moncafe/domain/order/events';
import { REGISTER_CATEGORY, fromStreamName, parseRegisterEvent } from '@moncafe/domain/register/events';
import type { Projector } from '../projector';

const closeId = (storeId: string, date: string) => `${storeId}~${date}`;

const VOIDS = new Set(['OrderLineVoided', 'OrderVoided']);

/** Daily closes, corrections and the day's voids with their reasons: every write sets values, so a replay is harmless. */
export const registerProjector: Projector = {
  name: 'register',
  tables: ['daily_closes', 'register_corrections', 'register_voids'],
  categories: [REGISTER_CATEGORY, ORDER_CATEGORY],
  handles: (recorded) => fromStreamName(recorded.streamId) !== null || (VOIDS.has(recorded.type) && orderOf(recorded.streamId) !== null),
  async apply(rows, recorded) {
    if (VOIDS.has(recorded.type)) {
      const order = orderOf(recorded.streamId);
      const voided = parseOrderEvent(recorded);
      if (!order || !recorded.metadata.storeId || (voided?.type !== 'OrderLineVoided' && voided?.type !== 'OrderVoided')) return;
      const lines = voided.type === 'OrderVoided' ? voided.data.lines : [voided.data];
      return rows.table('register_voids', 'void_id').put({
        void_id: recorded.eventId,
        store_id: recorded.metadata.storeId,
        business_date: tokyoDateOf(new Date(voided.data.voidedAt)),
        order_id: order.orderId,
        reason: voided.data.reason,
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        amount: lines.reduce((n, l) => n + l.price * l.quantity, 0),
        voided_at: new Date(voided.data.voidedAt),
      });
    }
    const event = parseRegisterEvent(recorded);
    const stream = fromStreamName(recorded.streamId);
    if (!event || !stream) return;
    switch (event.type) {
      case 'DayClosed': {
        const d = event.data;
        return rows.table('daily_closes', 'id').put({
          id: closeId(stream.storeId, d.businessDate),
          store_id: stream.storeId,
          business_date: d.businessDate,
          figures: d.figures,
          counted: d.figures,
          cash_expected: d.cash.expected,
          cash_counted: d.cash.counted,
          cash_difference: d.cash.difference,
          note: d.note,
          corrections: d.corrections,
          closed_by: d.closedBy,
          closed_at: new Date(d.closedAt),
        });
      }
      case 'DayCorrected': {
        const d = event.data;
        await rows.table('daily_closes', 'id').update(closeId(stream.storeId, d.businessDate), { counted: d.after });
        return rows.table('register_corrections', 'correction_id').put({
          correction_id: d.correctionId,
          store_id: stream.storeId,
          business_date: d.businessDate,
          reason: d.reason,
          total_before: d.before.sales.total,
          total_after: d.after.sales.total,
          corrected_by: d.correctedBy,
          corrected_at: new Date(d.correctedAt),
        });
      }
      default:
        return assertNever(event);
    }
  },
};
