import { datesOfMonth, timeOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { defaultLabourSettings, type LabourSettings } from '@moncafe/domain/attendance/kinds';
import {
  DAILY_LIMIT_MINUTES,
  dayFigures,
  dayWage,
  isForgotten,
  planFlags,
  weeklyOvertime,
  type BreakWarning,
  type WorkedRecord,
} from '@moncafe/domain/attendance/rules';
import type { RowOf } from '../read-model-rows';

/**
 * A store's month of worked time beside the plan, per person: what the owner's screen, its CSV and
 * the sales screen's labour cost all read, so no two of them can disagree (decision 566).
 */
export type DayFlag =
  'late' | 'early' | 'no_plan' | 'no_clock' | 'no_clock_out' | 'working' | 'on_break' | 'outside_fence' | 'no_location' | 'break_short' | 'corrected';

export interface AttendanceDay {
  date: string;
  /** Null for a planned day without a clock-in. */
  record_id: string | null;
  planned: { start: string; end: string } | null;
  /** Tokyo times of day; an out on the next day says so in `out_next_day`. */
  actual: { in: string; out: string | null; in_at: string; out_at: string | null; out_next_day: boolean } | null;
  break_minutes: number;
  worked_minutes: number;
  late_night_minutes: number;
  /** Daily plus weekly. */
  overtime_minutes: number;
  daily_overtime_minutes: number;
  weekly_overtime_minutes: number;
  break_warning: BreakWarning;
  /** Yen at the person's wage with the store's premiums; null without a wage. */
  wage_yen: number | null;
  flags: DayFlag[];
}

export interface AttendanceTotals {
  days_worked: number;
  worked_minutes: number;
  late_night_minutes: number;
  overtime_minutes: number;
  break_warnings: number;
  wage_yen: number;
}

export interface AttendancePerson {
  user_id: string;
  name: string;
  wage: number | null;
  /** `no_wage`: no hourly wage is set; `below_minimum_wage`: the wage is under the store's minimum. */
  warnings: ('no_wage' | 'below_minimum_wage')[];
  days: AttendanceDay[];
  totals: AttendanceTotals;
}

export interface AttendanceMonthInput {
  month: string;
  now: Date;
  settings: LabourSettings | null;
  staff: readonly { id: string; name: string; wage: number | null }[];
  /** The month's records and those of the days before it in its first week (for weekly overtime). */
  records: readonly RowOf<'attendance_records'>[];
  plans: readonly { user_id: string; shift_date: string; start_time: string; end_time: string }[];
  /** Names of people with records who are no longer on the staff list. */
  names: ReadonlyMap<string, string>;
}

function workedOf(row: RowOf<'attendance_records'>, now: Date): WorkedRecord {
  return {
    date: row.work_date,
    in: new Date(row.clock_in),
    out: row.clock_out ? new Date(row.clock_out) : null,
    breaks: row.breaks.map((b) => ({ start: new Date(b.start), end: b.end ? new Date(b.end) : row.clock_out ? new Date(row.clock_out) : now })),
    breakMinutes: row.break_minutes,
  };
}

const hhmm = (instant: Date) => timeOf(tokyoDateTime(instant).minute);

function personMonth(
  input: AttendanceMonthInput,
  settings: LabourSettings,
  person: { id: string; name: string; wage: number | null },
  rows: RowOf<'attendance_records'>[],
): AttendancePerson {
  const { now } = input;
  const rates = { wage: person.wage, lateNightPercent: settings.late_night_premium_percent, overtimePercent: settings.overtime_premium_percent };
  const sorted = [...rows].sort((a, b) => new Date(a.clock_in).getTime() - new Date(b.clock_in).getTime());
  const figured = sorted.map((row) => ({ row, worked: workedOf(row, now), figures: dayFigures(workedOf(row, now)) }));
  // A day's limit is for the day's work in all: daily overtime is the day's total past 8 hours, on its last record.
  const byDate = new Map<string, number>();
  for (const f of figured) byDate.set(f.row.work_date, (byDate.get(f.row.work_date) ?? 0) + (f.figures?.workedMinutes ?? 0));
  const weekly = weeklyOvertime([...byDate].map(([date, workedMinutes]) => ({ date, workedMinutes })));
  const lastOfDate = new Map(figured.map((f) => [f.row.work_date, f.row.record_id]));
  const plans = new Map(input.plans.filter((p) => p.user_id === person.id).map((p) => [p.shift_date, { start: p.start_time, end: p.end_time }]));
  const today = tokyoDateTime(now).date;
  const days: AttendanceDay[] = [];
  for (const date of datesOfMonth(input.month)) {
    const plan = plans.get(date) ?? null;
    const ofDate = figured.filter((f) => f.row.work_date === date);
    if (ofDate.length === 0) {
      // A planned day shows its missing clock only once it is over.
      if (plan && date < today) days.push(emptyDay(date, plan, ['no_clock']));
      else if (plan) days.push(emptyDay(date, plan, []));
      continue;
    }
    for (const { row, worked, figures } of ofDate) {
      const last = lastOfDate.get(date) === row.record_id;
      const daily = last ? Math.max(0, byDate.get(date)! - DAILY_LIMIT_MINUTES) : 0;
      const weeklyMinutes = last ? (weekly.get(date) ?? 0) : 0;
      const overtime = daily + weeklyMinutes;
      const flags: DayFlag[] = [...planFlags(plan, worked)];
      if (!worked.out) flags.push(isForgotten(worked.in, now) ? 'no_clock_out' : 'working');
      if (!worked.out && !isForgotten(worked.in, now) && row.breaks.some((b) => b.end === null)) flags.push('on_break');
      if (row.places.includes('outside_geofence')) flags.push('outside_fence');
      if (row.places.includes('location_required')) flags.push('no_location');
      if (figures?.breakWarning) flags.push('break_short');
      if (row.corrected) flags.push('corrected');
      const workedMinutes = figures?.workedMinutes ?? 0;
      const lateNight = figures?.lateNightMinutes ?? 0;
      days.push({
        date,
        record_id: row.record_id,
        planned: plan,
        actual: {
          in: hhmm(worked.in),
          out: worked.out ? hhmm(worked.out) : null,
          in_at: worked.in.toISOString(),
          out_at: worked.out ? worked.out.toISOString() : null,
          out_next_day: worked.out ? tokyoDateTime(worked.out).date > date : false,
        },
        break_minutes: figures?.breakMinutes ?? 0,
        worked_minutes: workedMinutes,
        late_night_minutes: lateNight,
        overtime_minutes: overtime,
        daily_overtime_minutes: daily,
        weekly_overtime_minutes: weeklyMinutes,
        break_warning: figures?.breakWarning ?? null,
        wage_yen: figures ? dayWage({ workedMinutes, lateNightMinutes: lateNight, overtimeMinutes: overtime }, rates) : null,
        flags,
      });
    }
  }
  const warnings: AttendancePerson['warnings'] = [];
  if (person.wage === null) warnings.push('no_wage');
  else if (settings.minimum_wage !== null && person.wage < settings.minimum_wage) warnings.push('below_minimum_wage');
  const worked = days.filter((d) => d.record_id !== null);
  const sum = (pick: (d: AttendanceDay) => number) => worked.reduce((n, d) => n + pick(d), 0);
  return {
    user_id: person.id,
    name: person.name,
    wage: person.wage,
    warnings,
    days,
    totals: {
      days_worked: new Set(worked.map((d) => d.date)).size,
      worked_minutes: sum((d) => d.worked_minutes),
      late_night_minutes: sum((d) => d.late_night_minutes),
      overtime_minutes: sum((d) => d.overtime_minutes),
      break_warnings: worked.filter((d) => d.break_warning !== null).length,
      wage_yen: sum((d) => d.wage_yen ?? 0),
    },
  };
}

function emptyDay(date: string, planned: { start: string; end: string }, flags: DayFlag[]): AttendanceDay {
  return {
    date,
    record_id: null,
    planned,
    actual: null,
    break_minutes: 0,
    worked_minutes: 0,
    late_night_minutes: 0,
    overtime_minutes: 0,
    daily_overtime_minutes: 0,
    weekly_overtime_minutes: 0,
    break_warning: null,
    wage_yen: null,
    flags,
  };
}

/** Everyone on the staff list, then anyone else with records or a plan this month. */
export function attendanceMonth(input: AttendanceMonthInput, storeId: string): AttendancePerson[] {
  const settings = input.settings ?? defaultLabourSettings(storeId);
  const people = new Map(input.staff.map((s) => [s.id, s]));
  for (const id of [...input.records.map((r) => r.user_id), ...input.plans.map((p) => p.user_id)])
    if (!people.has(id)) people.set(id, { id, name: input.names.get(id) ?? id, wage: null });
  return [...people.values()].map((person) =>
    personMonth(
      input,
      settings,
      person,
      input.records.filter((r) => r.user_id === person.id),
    ),
  );
}
