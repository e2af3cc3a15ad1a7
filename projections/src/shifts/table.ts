/** The staff area's shift read models (rebuilt from the `shifts-…` streams and catalog `recruit-times`). */
export interface ShiftTables {
  /** One row per store: when it takes shifts. */
  recruit_times: {
    store_id: string;
    weekday_start: string;
    weekday_end: string;
    weekend_start: string;
    weekend_end: string;
    interval_minutes: number;
  };
  /** The latest wish per person and day. */
  shift_submissions: {
    store_id: string;
    user_id: string;
    shift_date: string;
    start_time: string;
    end_time: string;
    submitted_at: Date;
    submitted_by: string;
  };
  /** The schedule: one shift per person and day. */
  shifts: {
    id: string;
    store_id: string;
    user_id: string;
    shift_date: string;
    start_time: string;
    end_time: string;
    updated_at: Date;
  };
  /** Every correction, keyed by its event. */
  shift_history: {
    id: string;
    store_id: string;
    user_id: string;
    shift_date: string;
    shift_type: 'start_time' | 'end_time';
    before_value: string;
    after_value: string;
    reason: string;
    changed_at: Date;
    changed_by: string;
  };
}
