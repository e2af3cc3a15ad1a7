import { assertNever } from '@moncafe/domain/decider';
import { REGISTER_CATEGORY, fromStreamName, parseRegisterEvent } from '@moncafe/domain/register/events';
import type { Projector } from '../projector';

const closeId = (storeId: string, date: string) => `${storeId}~${date}`;

/** Daily closes and corrections: every write sets values, so a replay is harmless. */
export const registerProjector: Projector = {
  name: 'register',
  tables: ['daily_closes', 'register_corrections'],
  categories: [REGISTER_CATEGORY],
  handles: (recorded) => fromStreamName(recorded.streamId) !== null,
  async apply(rows, recorded) {
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
