import { assertNever } from '@moncafe/domain/decider';
import { SHIFT_CATEGORY, fromStreamName, parseShiftEvent } from '@moncafe/domain/shift/events';
import { catalogProjector, catalogTable } from '../catalog-projector';
import type { Projector } from '../projector';
import type { ReadModelRows, RowOf } from '../read-model-rows';

/** Recruit times: one row per store, an upsert per save. */
export const recruitTimesProjector = catalogProjector('recruit-times', [
  catalogTable({ kind: 'recruit-times', table: 'recruit_times', key: 'store_id', row: (_id, data) => data }),
]);

/** A shift of the schedule: created, or its times set again (a re-import of the same day). */
async function schedule(rows: ReadModelRows, row: RowOf<'shifts'>) {
  await rows.table('shifts', 'id').put(row);
}

/** Wishes, the schedule and the correction history; every write sets values, so a replay is harmless. */
export const shiftsProjector: Projector = {
  name: 'shifts',
  tables: ['shift_submissions', 'shifts', 'shift_history'],
  categories: [SHIFT_CATEGORY],
  handles: (event) => fromStreamName(event.streamId) !== null,
  async apply(rows, recorded) {
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
          // Keyed by three columns: written with SQL of its own inside the batch's transaction.
          const trx = await rows.transaction();
          await trx
            .insertInto('shift_submissions')
            .values(row)
            .onConflict((oc) => oc.columns(['store_id', 'user_id', 'shift_date']).doUpdateSet(row))
            .execute();
        }
        return;
      case 'ShiftsImported':
        for (const s of event.data.shifts) {
          await schedule(rows, {
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
        await schedule(rows, { id: d.shiftId, store_id, user_id, shift_date: d.date, start_time: d.start, end_time: d.end, updated_at: new Date(d.addedAt) });
        return;
      }
      case 'ShiftCorrected': {
        const d = event.data;
        await rows
          .table('shifts', 'id')
          .update(
            d.shiftId,
            d.field === 'start_time'
              ? { start_time: d.after, updated_at: new Date(d.correctedAt) }
              : { end_time: d.after, updated_at: new Date(d.correctedAt) },
          );
        await rows.table('shift_history', 'id').insertIfAbsent({
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
        });
        return;
      }
      default:
        assertNever(event);
    }
  },
};
