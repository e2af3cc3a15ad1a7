import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import type { ShiftEvent } from './events';
import { DEFAULT_RECRUIT_TIMES } from './rules';
import { shiftMonthDecider, type ShiftCommand } from './decider';

const spec = deciderSpecification(shiftMonthDecider);
const key = { storeId: '2', userId: 'u1', month: '2026-08' };
const stamp = { key, today: '2026-07-20', now: '2026-07-20T03:00:00.000Z', by: 'u1' };
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

const submit = (shifts: { date: string; start: string; end: string }[], over: Partial<typeof stamp> = {}): ShiftCommand => ({
  type: 'SubmitShifts',
  shifts,
  recruit: DEFAULT_RECRUIT_TIMES,
  ...stamp,
  ...over,
});
const submitted = (shifts: { date: string; start: string; end: string }[], at = stamp.now, by = 'u1'): ShiftEvent => ({
  type: 'ShiftsSubmitted',
  data: { shifts, submittedAt: at, by },
});
const imported = (shifts: { date: string; start: string; end: string }[], at = stamp.now): ShiftEvent => ({
  type: 'ShiftsImported',
  data: { shifts: shifts.map((s) => ({ shiftId: `2~u1~${s.date}`, ...s })), importedAt: at, by: 'admin' },
});
const correct = (over: Partial<Extract<ShiftCommand, { type: 'CorrectShift' }>> = {}): ShiftCommand => ({
  type: 'CorrectShift',
  date: '2026-08-03',
  field: 'end_time',
  before: '15:00',
  after: '16:00',
  reason: '混雑のため延長',
  ...stamp,
  today: '2026-08-10',
  now: '2026-08-10T01:00:00.000Z',
  by: 'u2',
  ...over,
});

describe('a month of shifts', () => {
  describe('submitting wishes', () => {
    it('records the rows with both times, in date order, with who and when', () => {
      spec
        .given([])
        .when(
          submit([
            { date: '2026-08-04', start: '12:00', end: '18:00' },
            { date: '2026-08-03', start: '10:00', end: '15:00' },
          ]),
        )
        .then([
          submitted([
            { date: '2026-08-03', start: '10:00', end: '15:00' },
            { date: '2026-08-04', start: '12:00', end: '18:00' },
          ]),
        ]);
    });
    it('refuses times the recruit lists do not offer: outside the hours, off the interval, weekend hours on a holiday (decision 160)', () => {
      const recruit = { ...DEFAULT_RECRUIT_TIMES, weekend_start: '12:00', weekend_end: '18:00' };
      for (const shift of [
        { date: '2026-08-03', start: '00:00', end: '23:59' },
        { date: '2026-08-03', start: '10:07', end: '15:00' },
        { date: '2026-08-03', start: '09:30', end: '15:00' },
        { date: '2026-08-03', start: '10:00', end: '20:30' },
        // 2026-08-11 is 山の日, a Tuesday: it takes the weekend times.
        { date: '2026-08-11', start: '10:00', end: '15:00' },
        { date: '2026-08-08', start: '10:00', end: '15:00' },
      ])
        spec
          .given([])
          .when({ ...submit([shift]), recruit } as ShiftCommand)
          .thenThrows(code('shift_time_not_offered'));
      spec
        .given([])
        .when({ ...submit([{ date: '2026-08-11', start: '12:00', end: '18:00' }]), recruit } as ShiftCommand)
        .then([submitted([{ date: '2026-08-11', start: '12:00', end: '18:00' }])]);
      spec
        .given([])
        .when(submit([{ date: '2026-08-03', start: '10:00', end: '20:00' }]))
        .then([submitted([{ date: '2026-08-03', start: '10:00', end: '20:00' }])]);
    });
    it('refuses a month beyond the submittable ones (this month and the next two)', () => {
      const far = { ...key, month: '2049-12' };
      spec
        .given([])
        .when(submit([{ date: '2049-12-10', start: '10:00', end: '15:00' }], { key: far }))
        .thenThrows(code('shift_month_not_open'));
      const fourth = { ...key, month: '2026-10' };
      spec
        .given([])
        .when(submit([{ date: '2026-10-05', start: '10:00', end: '15:00' }], { key: fourth }))
        .thenThrows(code('shift_month_not_open'));
    });
    it('refuses an end that is not after the start, naming the day', () => {
      spec
        .given([])
        .when(submit([{ date: '2026-08-03', start: '15:00', end: '10:00' }]))
        .thenThrows((e) => code('shift_end_not_after_start')(e) && (e as DomainError).details.date === '2026-08-03');
      spec
        .given([])
        .when(submit([{ date: '2026-08-03', start: '15:00', end: '15:00' }]))
        .thenThrows(code('shift_end_not_after_start'));
    });
    it('refuses nothing, a past month or day, another month, or a day twice', () => {
      spec.given([]).when(submit([])).thenThrows(code('shift_nothing_submitted'));
      spec
        .given([])
        .when(submit([{ date: '2026-08-03', start: '10:00', end: '15:00' }], { today: '2026-09-01' }))
        .thenThrows(code('shift_month_closed'));
      spec
        .given([])
        .when(submit([{ date: '2026-08-03', start: '10:00', end: '15:00' }], { today: '2026-08-04' }))
        .thenThrows(code('shift_date_past'));
      spec
        .given([])
        .when(submit([{ date: '2026-09-03', start: '10:00', end: '15:00' }]))
        .thenThrows(code('shift_date_outside_month'));
      const twice = { date: '2026-08-03', start: '10:00', end: '15:00' };
      spec
        .given([])
        .when(submit([twice, twice]))
        .thenThrows(code('shift_duplicate_date'));
    });
  });

  describe('importing wishes', () => {
    const wishes = submitted([
      { date: '2026-08-03', start: '10:00', end: '15:00' },
      { date: '2026-08-04', start: '12:00', end: '18:00' },
    ]);
    it('schedules every wished day, or the chosen ones', () => {
      spec
        .given([wishes])
        .when({ type: 'ImportShifts', dates: null, ...stamp, by: 'admin' })
        .then([
          imported([
            { date: '2026-08-03', start: '10:00', end: '15:00' },
            { date: '2026-08-04', start: '12:00', end: '18:00' },
          ]),
        ]);
      spec
        .given([wishes])
        .when({ type: 'ImportShifts', dates: ['2026-08-04'], ...stamp, by: 'admin' })
        .then([imported([{ date: '2026-08-04', start: '12:00', end: '18:00' }])]);
    });
    it('records nothing for days already scheduled as wished, and refuses a month without wishes', () => {
      spec
        .given([wishes, imported([{ date: '2026-08-03', start: '10:00', end: '15:00' }])])
        .when({ type: 'ImportShifts', dates: null, ...stamp, by: 'admin' })
        .then([imported([{ date: '2026-08-04', start: '12:00', end: '18:00' }])]);
      spec
        .given([])
        .when({ type: 'ImportShifts', dates: null, ...stamp, by: 'admin' })
        .thenThrows(code('shift_nothing_to_import'));
    });
    it('takes a later wish for the same day over the earlier one', () => {
      spec
        .given([wishes, submitted([{ date: '2026-08-03', start: '11:00', end: '14:00' }])])
        .when({ type: 'ImportShifts', dates: ['2026-08-03'], ...stamp, by: 'admin' })
        .then([imported([{ date: '2026-08-03', start: '11:00', end: '14:00' }])]);
    });
  });

  describe('correcting the schedule', () => {
    const scheduled = imported([{ date: '2026-08-03', start: '10:00', end: '15:00' }]);
    it('records before, after, reason and who', () => {
      spec
        .given([scheduled])
        .when(correct())
        .then([
          {
            type: 'ShiftCorrected',
            data: {
              shiftId: '2~u1~2026-08-03',
              date: '2026-08-03',
              field: 'end_time',
              before: '15:00',
              after: '16:00',
              reason: '混雑のため延長',
              correctedAt: '2026-08-10T01:00:00.000Z',
              by: 'u2',
            },
          },
        ]);
    });
    it('lets one end pass the other (flagged on screen), and records nothing for no change', () => {
      spec
        .given([scheduled])
        .when(correct({ field: 'start_time', before: '10:00', after: '16:00' }))
        .then([
          {
            type: 'ShiftCorrected',
            data: expect.objectContaining({ field: 'start_time', before: '10:00', after: '16:00' }) as never,
          },
        ]);
      spec
        .given([scheduled])
        .when(correct({ before: '15:00', after: '15:00' }))
        .thenNothingHappens();
    });
    it('refuses the month before last, a day without an imported shift, a missing reason and a stale before', () => {
      spec
        .given([scheduled])
        .when(correct({ today: '2026-10-01' }))
        .thenThrows(code('shift_too_old'));
      spec
        .given([scheduled])
        .when(correct({ today: '2026-09-30' }))
        .then([expect.objectContaining({ type: 'ShiftCorrected' }) as never]);
      spec
        .given([submitted([{ date: '2026-08-03', start: '10:00', end: '15:00' }])])
        .when(correct())
        .thenThrows(code('shift_not_imported'));
      spec
        .given([scheduled])
        .when(correct({ reason: '  ' }))
        .thenThrows(code('shift_reason_required'));
      spec
        .given([
          scheduled,
          { type: 'ShiftCorrected', data: { ...correct(), shiftId: '2~u1~2026-08-03', correctedAt: 'x', before: '15:00', after: '17:00' } } as ShiftEvent,
        ])
        .when(correct())
        .thenThrows(code('shift_changed'));
    });
    it('adds a shift on a free day only', () => {
      const add: ShiftCommand = { type: 'AddShift', date: '2026-08-05', start: '09:00', end: '13:00', ...stamp, by: 'admin' };
      spec
        .given([scheduled])
        .when(add)
        .then([
          {
            type: 'ShiftAdded',
            data: { shiftId: '2~u1~2026-08-05', date: '2026-08-05', start: '09:00', end: '13:00', addedAt: stamp.now, by: 'admin' },
          },
        ]);
      spec
        .given([scheduled])
        .when({ ...add, date: '2026-08-03' })
        .thenThrows(code('shift_exists'));
    });
  });
});
