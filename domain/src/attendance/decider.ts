import { minutesOf, tokyoDateOf, tokyoInstant, addDays } from '../calendar/dates';
import { assertNever, DomainError, type Decider } from '../decider';
import { parseAttendanceEvent, recordIdOf, type AttendanceEvent, type AttendanceMonthKey, type ClockPlace, type RecordTimes } from './events';
import { isForgotten, type Interval } from './rules';

/**
 * The decider of one person's month of clock presses at one store (stream
 * `attendance-{store}~{user}~{YYYY-MM}`): 出勤, 休憩開始, 休憩終了, 退勤 in that order only, and
 * the owner's corrections with a reason (decision 565).
 */
export interface AttendanceRecord {
  recordId: string;
  date: string;
  in: string;
  out: string | null;
  breaks: readonly { start: string; end: string | null }[];
  /** A corrected break total (the pressed breaks no longer count); null: the breaks as pressed. */
  breakMinutes: number | null;
}

export interface AttendanceMonthState {
  records: Readonly<Record<string, AttendanceRecord>>;
}

export const CLOCK_KINDS = ['in', 'break_start', 'break_end', 'out'] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

interface Stamp {
  key: AttendanceMonthKey;
  now: string;
  /** The account that acts. */
  by: string;
}

/** A time a correction names: `HH:MM` on the record's day (an out at or before the in is the next day), or an instant. */
export type CorrectedTime = { time: string } | { at: string };

export type AttendanceCommand =
  | ({ type: 'Clock'; kind: ClockKind; place: ClockPlace } & Stamp)
  | ({ type: 'CorrectAttendance'; recordId: string; in?: CorrectedTime; out?: CorrectedTime; breakMinutes?: number; reason: string } & Stamp);

export type AttendanceErrorCode =
  | 'attendance_already_clocked_in'
  | 'attendance_not_clocked_in'
  | 'attendance_break_already_started'
  | 'attendance_break_not_started'
  | 'attendance_record_not_found'
  | 'attendance_reason_required'
  | 'attendance_out_before_in'
  | 'attendance_break_too_long'
  | 'attendance_in_future';

const refuse = (code: AttendanceErrorCode, details: Record<string, unknown> = {}) => new DomainError<AttendanceErrorCode>(code, code, details);

/** The record still being worked: the latest without an out, unless it is a forgotten one. */
export function openRecord(state: AttendanceMonthState, now: Date): AttendanceRecord | null {
  const open = Object.values(state.records)
    .filter((r) => r.out === null)
    .sort((a, b) => (a.in < b.in ? 1 : -1))[0];
  return open && !isForgotten(new Date(open.in), now) ? open : null;
}

const onBreak = (record: AttendanceRecord) => record.breaks.some((b) => b.end === null);

/** The breaks as the rules read them: an open break ends at `end`. */
export function breakIntervals(record: AttendanceRecord, end: Date): Interval[] {
  return record.breaks.map((b) => ({ start: new Date(b.start), end: b.end ? new Date(b.end) : end }));
}

function pressedBreakMinutes(record: AttendanceRecord, end: Date): number {
  return breakIntervals(record, end).reduce((n, b) => n + Math.max(0, Math.round((b.end.getTime() - b.start.getTime()) / 60_000)), 0);
}

function clock(command: Extract<AttendanceCommand, { type: 'Clock' }>, state: AttendanceMonthState): AttendanceEvent[] {
  const now = new Date(command.now);
  const open = openRecord(state, now);
  const press = { at: command.now, by: command.by, place: command.place };
  switch (command.kind) {
    case 'in': {
      if (open) throw refuse('attendance_already_clocked_in', { recordId: open.recordId });
      const date = tokyoDateOf(now);
      const n = Object.values(state.records).filter((r) => r.date === date).length + 1;
      return [{ type: 'ClockedIn', data: { recordId: recordIdOf({ ...command.key, date, n }), date, ...press } }];
    }
    case 'break_start':
      if (!open) throw refuse('attendance_not_clocked_in');
      if (onBreak(open)) throw refuse('attendance_break_already_started');
      return [{ type: 'BreakStarted', data: { recordId: open.recordId, ...press } }];
    case 'break_end':
      if (!open) throw refuse('attendance_not_clocked_in');
      if (!onBreak(open)) throw refuse('attendance_break_not_started');
      return [{ type: 'BreakEnded', data: { recordId: open.recordId, ...press } }];
    case 'out': {
      if (!open) throw refuse('attendance_not_clocked_in');
      // 退勤 during a break ends the break too: nobody is left on a break after going home.
      const ended: AttendanceEvent[] = onBreak(open) ? [{ type: 'BreakEnded', data: { recordId: open.recordId, ...press } }] : [];
      return [...ended, { type: 'ClockedOut', data: { recordId: open.recordId, ...press } }];
    }
    default:
      return assertNever(command.kind);
  }
}

function instantOf(date: string, time: CorrectedTime, after: Date | null): Date {
  if ('at' in time) return new Date(time.at);
  const at = tokyoInstant(date, minutesOf(time.time));
  // An out at or before the in is on the next morning (a shift past midnight).
  return after && at <= after ? tokyoInstant(addDays(date, 1), minutesOf(time.time)) : at;
}

function correct(command: Extract<AttendanceCommand, { type: 'CorrectAttendance' }>, state: AttendanceMonthState): AttendanceEvent[] {
  const record = state.records[command.recordId];
  if (!record) throw refuse('attendance_record_not_found');
  const reason = command.reason.trim();
  if (!reason) throw refuse('attendance_reason_required');
  const now = new Date(command.now);
  const before: RecordTimes = {
    in: record.in,
    out: record.out,
    breakMinutes: record.breakMinutes ?? pressedBreakMinutes(record, record.out ? new Date(record.out) : now),
  };
  const newIn = command.in ? instantOf(record.date, command.in, null) : new Date(record.in);
  const newOut = command.out ? instantOf(record.date, command.out, newIn) : record.out ? new Date(record.out) : null;
  if (newIn > now) throw refuse('attendance_in_future');
  if (newOut && newOut <= newIn) throw refuse('attendance_out_before_in');
  const breakMinutes = command.breakMinutes ?? before.breakMinutes;
  if (newOut && breakMinutes >= Math.round((newOut.getTime() - newIn.getTime()) / 60_000)) throw refuse('attendance_break_too_long');
  const after: RecordTimes = { in: newIn.toISOString(), out: newOut ? newOut.toISOString() : null, breakMinutes };
  if (after.in === before.in && after.out === before.out && after.breakMinutes === before.breakMinutes) return [];
  return [
    { type: 'AttendanceCorrected', data: { recordId: record.recordId, date: record.date, before, after, reason, correctedAt: command.now, by: command.by } },
  ];
}

function decide(command: AttendanceCommand, state: AttendanceMonthState): AttendanceEvent[] {
  switch (command.type) {
    case 'Clock':
      return clock(command, state);
    case 'CorrectAttendance':
      return correct(command, state);
    default:
      return assertNever(command);
  }
}

function withRecord(state: AttendanceMonthState, recordId: string, change: (r: AttendanceRecord) => AttendanceRecord): AttendanceMonthState {
  const record = state.records[recordId];
  return record ? { records: { ...state.records, [recordId]: change(record) } } : state;
}

function evolve(state: AttendanceMonthState, event: AttendanceEvent): AttendanceMonthState {
  switch (event.type) {
    case 'ClockedIn': {
      const { recordId, date, at } = event.data;
      return { records: { ...state.records, [recordId]: { recordId, date, in: at, out: null, breaks: [], breakMinutes: null } } };
    }
    case 'BreakStarted':
      return withRecord(state, event.data.recordId, (r) => ({ ...r, breaks: [...r.breaks, { start: event.data.at, end: null }] }));
    case 'BreakEnded':
      return withRecord(state, event.data.recordId, (r) => ({ ...r, breaks: r.breaks.map((b) => (b.end === null ? { ...b, end: event.data.at } : b)) }));
    case 'ClockedOut':
      return withRecord(state, event.data.recordId, (r) => ({ ...r, out: event.data.at }));
    case 'AttendanceCorrected': {
      const { before, after } = event.data;
      return withRecord(state, event.data.recordId, (r) => ({
        ...r,
        in: after.in,
        out: after.out,
        // Once out, an open break ends there.
        breaks: after.out ? r.breaks.map((b) => (b.end === null ? { ...b, end: after.out! } : b)) : r.breaks,
        // The pressed breaks keep counting (and where they fell) until a correction changes their total.
        breakMinutes: r.breakMinutes === null && after.breakMinutes === before.breakMinutes ? null : after.breakMinutes,
      }));
    }
    default:
      return assertNever(event);
  }
}

export const attendanceMonthDecider: Decider<AttendanceMonthState, AttendanceCommand, AttendanceEvent> = {
  initialState: () => ({ records: {} }),
  evolve,
  decide,
  parseEvent: parseAttendanceEvent,
};
