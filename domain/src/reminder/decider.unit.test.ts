import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../testing/decider-specification';
import { CLAIM_HOLD_MINUTES, reminderDecider } from './decider';
import { fromStreamName, toStreamName } from './events';

const spec = deciderSpecification(reminderDecider);
const at = '2026-12-09T09:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
const slot = { date: '2026-12-10', time: '18:00' };
const claimed = { type: 'GuestReminderClaimed', data: { ...slot, claimedAt: at } } as const;
const sent = { type: 'GuestReminderSent', data: { ...slot, sentAt: later(1) } } as const;

describe('a reservation’s reminders', () => {
  it('is claimed once for a date and time; a second claim within the hold decides nothing', () => {
    spec
      .given([])
      .when({ type: 'ClaimReminder', ...slot, now: at })
      .then([claimed]);
    spec
      .given([claimed])
      .when({ type: 'ClaimReminder', ...slot, now: later(CLAIM_HOLD_MINUTES - 1) })
      .thenNothingHappens();
  });
  it('is claimed again when the claimer never recorded it sent within the hold (it stopped mid-way)', () => {
    spec
      .given([claimed])
      .when({ type: 'ClaimReminder', ...slot, now: later(CLAIM_HOLD_MINUTES) })
      .then([{ type: 'GuestReminderClaimed', data: { ...slot, claimedAt: later(CLAIM_HOLD_MINUTES) } }]);
  });
  it('is never claimed again once sent, however late', () => {
    spec
      .given([claimed, sent])
      .when({ type: 'ClaimReminder', ...slot, now: later(24 * 60) })
      .thenNothingHappens();
    spec
      .given([claimed, sent])
      .when({ type: 'RecordReminderSent', ...slot, now: later(2) })
      .thenNothingHappens();
  });
  it('keeps each date and time apart: a booking moved to another time has its own reminder', () => {
    spec
      .given([claimed, sent])
      .when({ type: 'ClaimReminder', date: '2026-12-11', time: '12:00', now: later(5) })
      .then([{ type: 'GuestReminderClaimed', data: { date: '2026-12-11', time: '12:00', claimedAt: later(5) } }]);
  });
  it('names one stream per reservation', () => {
    expect(toStreamName('r-1')).toBe('reminder-r-1');
    expect(fromStreamName('reminder-r-1')).toEqual({ reservationId: 'r-1' });
    expect(fromStreamName('reservation-r-1')).toBeNull();
  });
});
