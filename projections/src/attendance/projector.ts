import { ATTENDANCE_CATEGORY, fromStreamName, parseAttendanceEvent, type ClockPlace } from '@moncafe/domain/attendance/events';
import { assertNever } from '@moncafe/domain/decider';
import { catalogProjector, catalogTable } from '../catalog-projector';
import type { Projector } from '../projector';

/** Labour settings: one row per store, an upsert per save. */
export const labourSettingsProjector = catalogProjector('labour-settings', [
  catalogTable({ kind: 'labour', table: 'labour_settings', key: 'store_id', row: (_id, data) => data }),
]);

/**
 * Clock records and their corrections. A press sets the record's columns from what the row holds
 * (breaks and places are whole arrays set again); each event is applied once, its checkpoint
 * moving in the same transaction (decision 041).
 */
export const attendanceProjector: Projector = {
  name: 'attendance',
  tables: ['attendance_records', 'attendance_corrections'],
  categories: [ATTENDANCE_CATEGORY],
  handles: (event) => fromStreamName(event.streamId) !== null,
  async apply(rows, recorded) {
    const event = parseAttendanceEvent(recorded);
    const key = fromStreamName(recorded.streamId);
    if (!event || !key) return;
    const records = rows.table('attendance_records', 'record_id');
    const updatedAt = recorded.recordedAt;
    const pressed = async (recordId: string, place: ClockPlace, change: (row: NonNullable<Awaited<ReturnType<typeof records.get>>>) => object) => {
      const row = await records.get(recordId);
      if (!row) return;
      await records.update(recordId, { ...change(row), places: [...row.places, place], updated_at: updatedAt });
    };
    switch (event.type) {
      case 'ClockedIn': {
        const d = event.data;
        await records.insertIfAbsent({
          record_id: d.recordId,
          store_id: key.storeId,
          user_id: key.userId,
          work_date: d.date,
          clock_in: new Date(d.at),
          clock_out: null,
          breaks: [],
          break_minutes: null,
          places: [d.place],
          corrected: false,
          updated_at: updatedAt,
        });
        return;
      }
      case 'BreakStarted': {
        const d = event.data;
        await pressed(d.recordId, d.place, (row) => (row.breaks.some((b) => b.start === d.at) ? {} : { breaks: [...row.breaks, { start: d.at, end: null }] }));
        return;
      }
      case 'BreakEnded': {
        const d = event.data;
        await pressed(d.recordId, d.place, (row) => ({ breaks: row.breaks.map((b) => (b.end === null ? { ...b, end: d.at } : b)) }));
        return;
      }
      case 'ClockedOut': {
        const d = event.data;
        await pressed(d.recordId, d.place, () => ({ clock_out: new Date(d.at) }));
        return;
      }
      case 'AttendanceCorrected': {
        const d = event.data;
        const row = await records.get(d.recordId);
        if (row) {
          const keepsBreaks = row.break_minutes === null && d.after.breakMinutes === d.before.breakMinutes;
          const out = d.after.out;
          await records.update(d.recordId, {
            clock_in: new Date(d.after.in),
            clock_out: out ? new Date(out) : null,
            breaks: out ? row.breaks.map((b) => (b.end === null ? { ...b, end: out } : b)) : row.breaks,
            break_minutes: keepsBreaks ? null : d.after.breakMinutes,
            corrected: true,
            updated_at: updatedAt,
          });
        }
        await rows.table('attendance_corrections', 'id').append({
          id: recorded.eventId,
          record_id: d.recordId,
          store_id: key.storeId,
          user_id: key.userId,
          work_date: d.date,
          before: d.before,
          after: d.after,
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
