import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../testing/decider-specification';
import { clockPinDecider, clockPinSchema, clockPinStream, userOfClockPinStream, type ClockPinEvent } from './clock-pin';

const spec = deciderSpecification(clockPinDecider);
const set = (pinHash: string, now: string): ClockPinEvent => ({ type: 'ClockPinSet', data: { userId: 'u1', pinHash, setAt: now } });

describe('a person’s tablet PIN', () => {
  describe('with none set', () => {
    it('setting one records only its hash', () => {
      spec
        .given([])
        .when({ type: 'SetClockPin', userId: 'u1', pinHash: 'h1', now: '2027-03-10T08:00:00.000Z' })
        .then([set('h1', '2027-03-10T08:00:00.000Z')]);
    });
  });
  describe('with one set', () => {
    it('a new one replaces it', () => {
      spec
        .given([set('h1', '2027-03-10T08:00:00.000Z')])
        .when({ type: 'SetClockPin', userId: 'u1', pinHash: 'h2', now: '2027-03-11T08:00:00.000Z' })
        .then([set('h2', '2027-03-11T08:00:00.000Z')]);
      expect([set('h1', 'a'), set('h2', 'b')].reduce(clockPinDecider.evolve, clockPinDecider.initialState())).toEqual({ pinHash: 'h2' });
    });
  });
  it('is 4 to 6 digits, in a stream of its person', () => {
    expect(['1234', '123456'].map((p) => clockPinSchema.safeParse(p).success)).toEqual([true, true]);
    expect(['123', '1234567', '12a4', '１２３４', ''].map((p) => clockPinSchema.safeParse(p).success)).toEqual([false, false, false, false, false]);
    expect(userOfClockPinStream(clockPinStream('u1'))).toBe('u1');
    expect(userOfClockPinStream('attendance-1~u1~2027-03')).toBeNull();
  });
});
