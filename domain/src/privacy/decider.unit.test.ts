import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../testing/decider-specification';
import { retentionCutoff, retentionDecider, type RetentionEvent } from './decider';

const spec = deciderSpecification(retentionDecider);
const NOW = '2027-01-10T01:00:00.000Z';
const set = (months: number): RetentionEvent => ({ type: 'RetentionSet', data: { storeId: '2', months, setAt: NOW } });

describe("a store's retention", () => {
  describe('when never set (13 months)', () => {
    it('records a longer period', () =>
      spec
        .given([])
        .when({ type: 'SetRetention', storeId: '2', months: 24, now: NOW })
        .then([set(24)]));
    it('records nothing for the default itself', () => spec.given([]).when({ type: 'SetRetention', storeId: '2', months: 13, now: NOW }).thenNothingHappens());
    it('refuses fewer than 13 months and more than 120', () => {
      for (const months of [12, 0, -1, 121, 13.5])
        spec
          .given([])
          .when({ type: 'SetRetention', storeId: '2', months, now: NOW })
          .thenThrows<Error & { code: string }>((e) => e.code === 'retention_out_of_range');
    });
  });
  describe('when set to 24 months', () => {
    it('goes back to 13', () =>
      spec
        .given([set(24)])
        .when({ type: 'SetRetention', storeId: '2', months: 13, now: NOW })
        .then([set(13)]));
    it('records nothing for the same period', () =>
      spec
        .given([set(24)])
        .when({ type: 'SetRetention', storeId: '2', months: 24, now: NOW })
        .thenNothingHappens());
  });
  it('cuts off at whole days before today in Tokyo', () => {
    // 13 × 30.44 = 395.72 → 395 days before 2027-01-10 (Tokyo).
    expect(retentionCutoff(new Date(NOW), 13)).toBe('2025-12-11');
  });
});
