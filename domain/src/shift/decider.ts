import { minutesOf } from '../calendar/dates';
import { assertNever, DomainError, type Decider } from '../decider';
import { parseShiftEvent, shiftIdOf, type ShiftEvent, type ShiftField, type ShiftMonthKey, type ShiftTimes } from './events';
import { isCorrectable, submittableMonths, timeOptions, type RecruitTimes } from './rules';

/**
 * The decider of one person's month at one store (stream `shifts-{store}~{user}~{YYYY-MM}`):
 * wishes submitted, shifts scheduled, and corrections with their reasons. See
 * docs/decisions/080-shifts.md for the rules and why they differ from the spec where they do.
 */
export interface ShiftMonthState {
  /** The latest wish per date. */
  submitted: Readonly<Record<string, { start: string; end: string }>>;
  /** The schedule per date. */
  scheduled: Readonly<Record<string, { shiftId: string; start: string; end: string }>>;
}

interface Stamp {
  key: ShiftMonthKey;
  /** The Tokyo date of `now`. */
  today: string;
  now: string;
  /** The account that acts. */
  by: string;
}

export type ShiftCommand =
  /** `recruit`: the store's recruit times now, which every wish must keep to (decision 160). */
  | ({ type: 'SubmitShifts'; shifts: ShiftTimes[]; recruit: RecruitTimes } & Stamp)
  /** `dates: null` imports every submitted date. */
  | ({ type: 'ImportShifts'; dates: string[] | null } & Stamp)
  | ({ type: 'AddShift'; date: string; start: string; end: string } & Stamp)
  | ({ type: 'CorrectShift'; date: string; field: ShiftField; before: string; after: string; reason: string } & Stamp);

export type ShiftErrorCode =
  | 'shift_nothing_submitted'
  | 'shift_month_closed'
  | 'shift_month_not_open'
  | 'shift_time_not_offered'
  | 'shift_date_outside_month'
  | 'shift_date_past'
  | 'shift_duplicate_date'
  | 'shift_end_not_after_start'
  | 'shift_nothing_to_import'
  | 'shift_exists'
  | 'shift_too_old'
  | 'shift_not_imported'
  | 'shift_reason_required'
  | 'shift_changed';

const refuse = (code: ShiftErrorCode, details: Record<string, unknown> = {}) => new DomainError<ShiftErrorCode>(code, code, details);

function checkTimes(key: ShiftMonthKey, shift: ShiftTimes) {
  if (!shift.date.startsWith(`${key.month}-`)) throw refuse('shift_date_outside_month', { date: shift.date });
  if (minutesOf(shift.end) <= minutesOf(shift.start)) throw refuse('shift_end_not_after_start', { date: shift.date });
}

function submit(command: Extract<ShiftCommand, { type: 'SubmitShifts' }>): ShiftEvent[] {
  const { key, shifts, today } = command;
  if (shifts.length === 0) throw refuse('shift_nothing_submitted');
  if (key.month < today.slice(0, 7)) throw refuse('shift_month_closed', { month: key.month });
  // The months the screen offers (this one and the next ones, rules.ts), and on each day the
  // times its list offers: the recruit start to end at the interval, weekend times on Saturdays,
  // Sundays and holidays (decision 160).
  if (!submittableMonths(today).includes(key.month)) throw refuse('shift_month_not_open', { month: key.month });
  const seen = new Set<string>();
  for (const shift of shifts) {
    checkTimes(key, shift);
    const offered = timeOptions(command.recruit, shift.date);
    if (!offered.includes(shift.start) || !offered.includes(shift.end)) throw refuse('shift_time_not_offered', { date: shift.date });
    if (shift.date < today) throw refuse('shift_date_past', { date: shift.date });
    if (seen.has(shift.date)) throw refuse('shift_duplicate_date', { date: shift.date });
    seen.add(shift.date);
  }
  const sorted = [...shifts].sort((a, b) => (a.date < b.date ? -1 : 1)).map(({ date, start, end }) => ({ date, start, end }));
  return [{ type: 'ShiftsSubmitted', data: { shifts: sorted, submittedAt: command.now, by: command.by } }];
}

function importShifts(command: Extract<ShiftCommand, { type: 'ImportShifts' }>, state: ShiftMonthState): ShiftEvent[] {
  const dates = command.dates ?? Object.keys(state.submitted);
  const wished = dates.filter((d) => state.submitted[d]).sort();
  if (wished.length === 0) throw refuse('shift_nothing_to_import');
  // A date whose schedule already says what was wished changes nothing and records nothing.
  const shifts = wished
    .map((date) => ({ date, ...state.submitted[date]! }))
    .filter((s) => state.scheduled[s.date]?.start !== s.start || state.scheduled[s.date]?.end !== s.end)
    .map((s) => ({ shiftId: shiftIdOf({ ...command.key, date: s.date }), ...s }));
  return shifts.length ? [{ type: 'ShiftsImported', data: { shifts, importedAt: command.now, by: command.by } }] : [];
}

function editable(command: Stamp & { date: string }) {
  if (!isCorrectable(command.date, command.today)) throw refuse('shift_too_old', { date: command.date });
}

function add(command: Extract<ShiftCommand, { type: 'AddShift' }>, state: ShiftMonthState): ShiftEvent[] {
  const { key, date, start, end } = command;
  checkTimes(key, { date, start, end });
  editable(command);
  if (state.scheduled[date]) throw refuse('shift_exists', { date });
  return [{ type: 'ShiftAdded', data: { shiftId: shiftIdOf({ ...key, date }), date, start, end, addedAt: command.now, by: command.by } }];
}

function correct(command: Extract<ShiftCommand, { type: 'CorrectShift' }>, state: ShiftMonthState): ShiftEvent[] {
  const { date, field, before, after } = command;
  editable(command);
  const shift = state.scheduled[date];
  if (!shift) throw refuse('shift_not_imported', { date });
  const reason = command.reason.trim();
  if (!reason) throw refuse('shift_reason_required');
  const current = field === 'start_time' ? shift.start : shift.end;
  // The screen showed `before`; someone else changed the cell since: show them, change nothing.
  if (current !== before) throw refuse('shift_changed', { date, field, current });
  if (after === current) return [];
  // An end before the start is allowed here and flagged on screen: a cell is corrected one end at a time.
  return [
    {
      type: 'ShiftCorrected',
      data: { shiftId: shift.shiftId, date, field, before, after, reason, correctedAt: command.now, by: command.by },
    },
  ];
}

function decide(command: ShiftCommand, state: ShiftMonthState): ShiftEvent[] {
  switch (command.type) {
    case 'SubmitShifts':
      return submit(command);
    case 'ImportShifts':
      return importShifts(command, state);
    case 'AddShift':
      return add(command, state);
    case 'CorrectShift':
      return correct(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: ShiftMonthState, event: ShiftEvent): ShiftMonthState {
  switch (event.type) {
    case 'ShiftsSubmitted': {
      const submitted = { ...state.submitted };
      for (const s of event.data.shifts) submitted[s.date] = { start: s.start, end: s.end };
      return { ...state, submitted };
    }
    case 'ShiftsImported': {
      const scheduled = { ...state.scheduled };
      for (const s of event.data.shifts) scheduled[s.date] = { shiftId: s.shiftId, start: s.start, end: s.end };
      return { ...state, scheduled };
    }
    case 'ShiftAdded': {
      const { shiftId, date, start, end } = event.data;
      return { ...state, scheduled: { ...state.scheduled, [date]: { shiftId, start, end } } };
    }
    case 'ShiftCorrected': {
      const shift = state.scheduled[event.data.date];
      if (!shift) return state;
      const changed = event.data.field === 'start_time' ? { ...shift, start: event.data.after } : { ...shift, end: event.data.after };
      return { ...state, scheduled: { ...state.scheduled, [event.data.date]: changed } };
    }
    default:
      return assertNever(event);
  }
}

export const shiftMonthDecider: Decider<ShiftMonthState, ShiftCommand, ShiftEvent> = {
  initialState: () => ({ submitted: {}, scheduled: {} }),
  evolve,
  decide,
  parseEvent: parseShiftEvent,
};
