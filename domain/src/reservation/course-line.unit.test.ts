import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { sampleRequest } from '../testing/reservation-catalog';
import { bookedCourses, courseBillLines } from '../billing/course-lines';
import type { OptionSpec } from './detail';
import type { ReservationEvent } from './events';
import { reservationDecider } from './decider';

const spec = deciderSpecification(reservationDecider);
const NOW = '2026-12-20T03:30:00.000Z';
const request = sampleRequest({
  lines: [{ menuId: 'm1', name: 'バースデーケーキコース', price: 4800, quantity: 2 }],
  detail: { m1_plate: 'yes', m1_text: 'おめでとう' },
  optionsPrice: 200,
});
const requested: ReservationEvent = { type: 'ReservationRequested', data: { ...request, requestedAt: '2026-12-10T03:00:00.000Z' } };
const confirmed: ReservationEvent = { type: 'ReservationConfirmed', data: { tokenHash: 'h', confirmedAt: '2026-12-10T03:05:00.000Z', date: '2026-12-20' } };
const linkIssued: ReservationEvent = { type: 'ConfirmationLinkIssued', data: { tokenHash: 'h', expiresAt: '2026-12-11T03:00:00.000Z' } };
const arrived: ReservationEvent = {
  type: 'CustomerArrived',
  data: { seatId: 'T1', people: 2, arrivedAt: '2026-12-20T03:00:00.000Z', date: '2026-12-20', seatName: 'テーブル1' },
};
const seated = [requested, linkIssued, confirmed, arrived];
const change = (quantity: number, reason = '一名様ご欠席') => ({ type: 'ChangeCourseLine', menuId: 'm1', quantity, reason, now: NOW }) as const;
const changed = (from: number, to: number, reason = '一名様ご欠席'): ReservationEvent => ({
  type: 'CourseLineChanged',
  data: { menuId: 'm1', from, to, reason, changedAt: NOW, date: '2026-12-20' },
});
const code = (c: string) => (e: Error) => e instanceof DomainError && e.code === c;

describe('reservation: a booked course on the bill (decision 630)', () => {
  describe('when the party is at the table', () => {
    it('records a changed count with its reason and the count before', () => {
      spec
        .given(seated)
        .when(change(1))
        .then([changed(2, 1)]);
    });
    it('takes the course off at count 0, with its reason', () => {
      spec
        .given(seated)
        .when(change(0, '予約間違い'))
        .then([changed(2, 0, '予約間違い')]);
    });
    it('appends nothing when a resend finds the count already so', () => {
      spec
        .given([...seated, changed(2, 1)])
        .when(change(1))
        .thenNothingHappens();
    });
    it('refuses a change without a reason, of a course not booked, or to a count that is no count', () => {
      spec.given(seated).when(change(1, '  ')).thenThrows(code('reason_required'));
      spec
        .given(seated)
        .when({ ...change(1), menuId: 'made-up' })
        .thenThrows(code('course_line_unknown'));
      for (const quantity of [-1, 1.5, 100]) spec.given(seated).when(change(quantity)).thenThrows(code('invalid_quantity'));
    });
  });
  describe('when the visit ended', () => {
    it('refuses a change after checkout', () => {
      const out: ReservationEvent = { type: 'CheckedOut', data: { payment: null, exitedAt: NOW, actualDurationMinutes: 30, date: '2026-12-20' } };
      spec
        .given([...seated, out])
        .when(change(1))
        .thenThrows(code('visit_ended'));
    });
    it('refuses a change of a reservation that does not exist', () => {
      spec.given([]).when(change(1)).thenThrows(code('not_found'));
    });
  });
});

describe('billing: the booked course as bill lines (decision 630)', () => {
  const options: OptionSpec[] = [
    {
      optionId: 'plate',
      menuId: 'm1',
      label: 'メッセージプレート',
      type: 'radio',
      required: true,
      choices: [
        { id: 'yes', label: 'つける', extraPrice: 200 },
        { id: 'no', label: 'つけない', extraPrice: 0 },
      ],
    },
    { optionId: 'text', menuId: 'm1', label: 'メッセージ', type: 'text', required: true, choices: [] },
  ];
  const source = { reservationId: 'r1', request, courseCounts: {} };
  const categories = new Map([['m1', 'reduced' as const]]);

  it('bills the course per person at the booked count and each priced option once, eaten in at the course’s category', () => {
    const [course] = bookedCourses(source, options, categories);
    expect(course).toMatchObject({
      name: 'バースデーケーキコース',
      booked: 2,
      quantity: 2,
      price: 4800,
      extras: [{ name: 'メッセージプレート：つける', price: 200 }],
    });
    expect(course?.options).toContainEqual({ label: 'メッセージ', values: ['おめでとう'] });
    expect(courseBillLines([course!])).toEqual([
      { menuId: 'm1', kind: 'course', name: 'バースデーケーキコース', quantity: 2, unitPrice: 4800, taxCategory: 'reduced', takeout: false },
      { menuId: 'm1', kind: 'option', name: 'メッセージプレート：つける', quantity: 1, unitPrice: 200, taxCategory: 'reduced', takeout: false },
    ]);
  });
  it('bills the count staff set, and nothing of a course taken off', () => {
    expect(courseBillLines(bookedCourses({ ...source, courseCounts: { m1: 1 } }, options, categories))[0]?.quantity).toBe(1);
    expect(courseBillLines(bookedCourses({ ...source, courseCounts: { m1: 0 } }, options, categories))).toEqual([]);
  });
  it('keeps the booked extra price as one line when the catalog no longer prices the options so', () => {
    const [course] = bookedCourses(source, [], categories);
    expect(course?.extras).toEqual([{ name: 'バースデーケーキコース', price: 200 }]);
  });
});
