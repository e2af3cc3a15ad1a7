import { describe, expect, it } from 'vitest';
import type { NextBooking } from '@moncafe/domain/table/next-booking';
import { nextBookingLine } from './next-booking-line';

const next = (over: Partial<NextBooking> = {}): NextBooking => ({ reservationId: 'r', time: '18:30', people: 2, course: null, label: 'booked', ...over });

describe("a floor tile's next booking", () => {
  it('names its time, party, course and label', () => {
    expect(nextBookingLine({ phase: 'free', startTime: null, next: next() })).toBe('次の予約 18:30 2名 予約');
    expect(nextBookingLine({ phase: 'seated', startTime: '17:00', next: next({ people: 4, course: 'ディナーコース', label: 'web' }) })).toBe(
      '次の予約 18:30 4名 ディナーコース WEB予約',
    );
  });
  it('reads each kind of party in the floor’s words: a phone booking 予約, a QR check-in QR, a walk-in 来店', () => {
    const label = (l: NextBooking['label']) =>
      nextBookingLine({ phase: 'seated', startTime: null, next: next({ label: l }) })
        ?.split(' ')
        .at(-1);
    expect([label('booked'), label('web'), label('qr'), label('walk_in'), label('arrived')]).toEqual(['予約', 'WEB予約', 'QR', '来店', '来店済み']);
  });
  it('says nothing without a next booking, nor twice for the booking a free seat already names as due', () => {
    expect(nextBookingLine({ phase: 'free', startTime: null, next: null })).toBeNull();
    expect(nextBookingLine({ phase: 'free', startTime: '18:30:00', next: next() })).toBeNull();
  });
});
