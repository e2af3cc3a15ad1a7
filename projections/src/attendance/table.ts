import type { ClockPlace, RecordTimes } from '@moncafe/domain/attendance/events';
import type { LabourSettings } from '@moncafe/domain/attendance/kinds';

/** The time clock's read models (rebuilt from the `attendance-…` streams and catalog `labour`). */
export interface AttendanceTables {
  /** One row per clock-in: the day it counts for, its presses and any correction. */
  attendance_records: {
    record_id: string;
    store_id: string;
    user_id: string;
    work_date: string;
    clock_in: Date;
    clock_out: Date | null;
    /** ISO instants; an open break has no end. */
    breaks: { start: string; end: string | null }[];
    /** A corrected break total; null: the breaks as pressed. */
    break_minutes: number | null;
    /** Where each press came from, in order. */
    places: ClockPlace[];
    corrected: boolean;
    updated_at: Date;
  };
  /** Every correction, keyed by its event. */
  attendance_corrections: {
    id: string;
    record_id: string;
    store_id: string;
    user_id: string;
    work_date: string;
    before: RecordTimes;
    after: RecordTimes;
    reason: string;
    changed_at: Date;
    changed_by: string;
  };
  labour_settings: LabourSettings;
}
