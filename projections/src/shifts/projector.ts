import type { Transaction } from 'kysely';
import { assertNever } from '@moncafe/domain/decider';
import { fromStreamName, parseShiftEvent } from '@moncafe/domain/shift/events';
import { catalogProjector, catalogTable } from '../catalog-projector';
import type { Database } from '../database';
import type { Projector } from '../projector';

/** Recruit times: one row per store, an upsert per save. */
export const recruitTimesProjector = catalogProjector('recruit-times', [
  catalogTable({ kind: 'recruit-times', table: 'recruit_times', key: 'store_id', row: (_id, data) => data }),
]);

async function schedule(trx: Transaction<Database>, row: Database['shifts']) {
  await trx
    .insertInto('shifts')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ start_time: row.start_time, end_time: row.end_time, updated_at: row.updated_at }))
    .execute();
}

/** Wishes, the schedule and the correction history; every write sets values, so a replay is harmless. */
export const shiftsProjector: Projector = {
  name: 'shifts',
  tables: ['shift_submissions', 'shifts', 'shift_history'],
  async apply(trx, recorded) {
    const event = parseShiftEvent(recorded);
    const key = fromStreamName(recorded.streamId);
    if (!event || !key) return;
    const { storeId: store_id, userId: user_id } = key;
    switch (event.type) {
      case 'ShiftsSubmitted':
        for (const s of event.data.shifts) {
          const row = {
            store_id,
            user_id,
            shift_date: s.date,
            start_time: s.start,
            end_time: s.end,
            submitted_at: new Date(event.data.submittedAt),
            submitted_by: event.data.by,
          };
          await trx
            .insertInto('shift_submissions')
            .values(row)
            .onConflict((oc) => oc.columns(['store_id', 'user_id', 'shift_date']).doUpdateSet(row))
            .execute();
        }
        return;
      case 'ShiftsImported':
        for (const s of event.data.shifts) {
          await schedule(trx, {
            id: s.shiftId,
            store_id,
            user_id,
            shift_date: s.date,
            start_time: s.start,
            end_time: s.end,
            updated_at: new Date(event.data.importedAt),
          });
        }
        return;
      case 'ShiftAdded': {
        const d = event.data;
        await schedule(trx, { id: d.shiftId, store_id, user_id, shift_date: d.date, start_time: d.start, end_time: d.end, updated_at: new Date(d.addedAt) });
        return;
      }
      case 'ShiftCorrected': {
        const d = event.data;
        await trx
          .updateTable('shifts')
          .set(
            d.field === 'start_time'
              ? { start_time: d.after, updated_at: new Date(d.correctedAt) }
              : { end_time: d.after, updated_at: new Date(d.correctedAt) },
          )
          .where('id', '=', d.shiftId)
          .execute();
        await trx
          .insertInto('shift_history')
          .values({
            id: recorded.eventId,
            store_id,
            user_id,
            shift_date: d.date,
            shift_type: d.field,
            before_value: d.before,
            after_value: d.after,
            reason: d.reason,
            changed_at: new Date(d.correctedAt),
            changed_by: d.by,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      default:
        assertNever(event);
    }
  },
};
