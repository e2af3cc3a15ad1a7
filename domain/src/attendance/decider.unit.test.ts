import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { attendanceMonthDecider, type AttendanceCommand, type ClockKind } from './decider';
import { recordKeyOf, type AttendanceEvent } from './events';

const spec = deciderSpecification(attendanceMonthDecider);
const key = { storeId: 's1', userId: 'u1', month: '2027-03' };
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;
// 2027-03-10 17:00 in Tokyo is 08:00 UTC.
const at = (hhmm: string, day = '10') => new Date(`2027-03-${day}T${hhmm}:00+09:00`).toISOString();
const clock = (kind: ClockKind, time: string, day = '10'): AttendanceCommand => ({ type: 'Clock', kind, place: 'inside', key, now: at(time, day), by: 'u1' });
const press = (time: string, day = '10') => ({ recordId: 's1~u1~2027-03-10~1', at: at(time, day), by: 'u1', place: 'inside' as const });
const clockedIn: AttendanceEvent = { type: 'ClockedIn', data: { ...press('17:00'), date: '2027-03-10' } };
const breakStarted: AttendanceEvent = { type: 'BreakStarted', data: press('18:30') };
const breakEnded: AttendanceEvent = { type: 'BreakEnded', data: press('19:15') };
const clockedOut: AttendanceEvent = { type: 'ClockedOut', data: press('23:30') };
const correct = (over: Partial<Extract<AttendanceCommand, { type: 'CorrectAttendance' }>> = {}): AttendanceCommand => ({
  type: 'CorrectAttendance',
  recordId: 's1~u1~2027-03-10~1',
  in: { time: '16:45' },
  reason: '打刻忘れ',
  key,
  now: at('10:00', '11'),
  by: 'owner',
  ...over,
});

describe('a month of clock presses', () => {
  describe('with nothing pressed', () => {
    it('出勤 opens the day’s first record, named by store, person, day and count', () => {
      spec.given([]).when(clock('in', '17:00')).then([clockedIn]);
      expect(recordKeyOf('s1~u1~2027-03-10~1')).toEqual({ storeId: 's1', userId: 'u1', month: '2027-03', date: '2027-03-10', n: 1 });
    });
    it('refuses a break or 退勤 before 出勤', () => {
      for (const kind of ['break_start', 'break_end', 'out'] as const) spec.given([]).when(clock(kind, '18:00')).thenThrows(code('attendance_not_clocked_in'));
    });
  });

  describe('when clocked in', () => {
    it('refuses 出勤 twice', () => {
      spec.given([clockedIn]).when(clock('in', '17:05')).thenThrows(code('attendance_already_clocked_in'));
    });
    it('takes a break, refuses a second start or an end with none started', () => {
      spec.given([clockedIn]).when(clock('break_start', '18:30')).then([breakStarted]);
      spec.given([clockedIn, breakStarted]).when(clock('break_start', '18:40')).thenThrows(code('attendance_break_already_started'));
      spec.given([clockedIn]).when(clock('break_end', '18:40')).thenThrows(code('attendance_break_not_started'));
      spec.given([clockedIn, breakStarted]).when(clock('break_end', '19:15')).then([breakEnded]);
    });
    it('退勤 during a break ends the break first', () => {
      spec
        .given([clockedIn, breakStarted])
        .when(clock('out', '23:30'))
        .then([{ type: 'BreakEnded', data: press('23:30') }, clockedOut]);
    });
    it('退勤 after midnight ends the evening’s record', () => {
      spec
        .given([clockedIn])
        .when(clock('out', '01:00', '11'))
        .then([{ type: 'ClockedOut', data: press('01:00', '11') }]);
    });
    it('a record forgotten open for 16 hours no longer blocks the next day’s 出勤, which opens a record of its own', () => {
      spec
        .given([clockedIn])
        .when(clock('in', '09:00', '11'))
        .then([{ type: 'ClockedIn', data: { ...press('09:00', '11'), recordId: 's1~u1~2027-03-11~1', date: '2027-03-11' } }]);
      spec
        .given([clockedIn])
        .when(clock('out', '09:00', '11'))
        .thenThrows(code('attendance_not_clocked_in'));
    });
  });

  describe('when clocked out', () => {
    it('the same day’s second 出勤 is the day’s second record', () => {
      spec
        .given([clockedIn, clockedOut])
        .when(clock('in', '23:45'))
        .then([{ type: 'ClockedIn', data: { ...press('23:45'), recordId: 's1~u1~2027-03-10~2', date: '2027-03-10' } }]);
    });
    it('refuses 退勤 again', () => {
      spec.given([clockedIn, clockedOut]).when(clock('out', '23:40')).thenThrows(code('attendance_not_clocked_in'));
    });
  });

  describe('an owner’s correction', () => {
    const done = [clockedIn, breakStarted, breakEnded, clockedOut];
    it('records before, after, reason and who', () => {
      spec
        .given(done)
        .when(correct())
        .then([
          {
            type: 'AttendanceCorrected',
            data: {
              recordId: 's1~u1~2027-03-10~1',
              date: '2027-03-10',
              before: { in: at('17:00'), out: at('23:30'), breakMinutes: 45 },
              after: { in: at('16:45'), out: at('23:30'), breakMinutes: 45 },
              reason: '打刻忘れ',
              correctedAt: at('10:00', '11'),
              by: 'owner',
            },
          },
        ]);
    });
    it('an out at or before the in is the next morning; a forgotten 退勤 is closed by one', () => {
      spec
        .given([clockedIn])
        .when(correct({ in: undefined, out: { time: '01:30' }, breakMinutes: 30 }))
        .then([
          {
            type: 'AttendanceCorrected',
            data: {
              recordId: 's1~u1~2027-03-10~1',
              date: '2027-03-10',
              before: { in: at('17:00'), out: null, breakMinutes: 0 },
              after: { in: at('17:00'), out: at('01:30', '11'), breakMinutes: 30 },
              reason: '打刻忘れ',
              correctedAt: at('10:00', '11'),
              by: 'owner',
            },
          },
        ]);
    });
    it('refuses a correction without a reason, a made-up record, a break as long as the day, an in in the future', () => {
      spec
        .given(done)
        .when(correct({ reason: '  ' }))
        .thenThrows(code('attendance_reason_required'));
      spec
        .given(done)
        .when(correct({ recordId: 's1~u1~2027-03-10~9' }))
        .thenThrows(code('attendance_record_not_found'));
      spec
        .given(done)
        .when(correct({ breakMinutes: 500 }))
        .thenThrows(code('attendance_break_too_long'));
      spec
        .given(done)
        .when(correct({ in: { at: at('12:00', '12') } }))
        .thenThrows(code('attendance_in_future'));
      spec
        .given(done)
        .when(correct({ in: undefined, out: { at: at('16:00') } }))
        .thenThrows(code('attendance_out_before_in'));
    });
    it('changes nothing when nothing differs', () => {
      spec
        .given(done)
        .when(correct({ in: { time: '17:00' } }))
        .thenNothingHappens();
    });
    it('a corrected break total replaces the pressed breaks', () => {
      const corrected = attendanceMonthDecider.decide(
        correct({ in: undefined, breakMinutes: 60 }),
        done.reduce(attendanceMonthDecider.evolve, attendanceMonthDecider.initialState()),
      );
      const state = [...done, ...corrected].reduce(attendanceMonthDecider.evolve, attendanceMonthDecider.initialState());
      expect(state.records['s1~u1~2027-03-10~1']!.breakMinutes).toBe(60);
      const inOnly = attendanceMonthDecider.decide(correct(), done.reduce(attendanceMonthDecider.evolve, attendanceMonthDecider.initialState()));
      expect(
        [...done, ...inOnly].reduce(attendanceMonthDecider.evolve, attendanceMonthDecider.initialState()).records['s1~u1~2027-03-10~1']!.breakMinutes,
      ).toBeNull();
    });
  });

  it('reads no record from an id of another shape', () => {
    for (const id of ['x', 's1~u1~2027-13-10~1', 's1~u1~2027-03-10~0', 's1~~2027-03-10~1', 's1~u1~2027-03-10~1~2']) expect(recordKeyOf(id)).toBeNull();
  });
});
