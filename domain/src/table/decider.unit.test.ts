import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { deciderSpecification } from '../testing/decider-specification';
import { seatCodeDecider, seatCodeMatches, fromStreamName, toStreamName, type SeatCodeEvent } from './decider';

/** The seat code (decision 150): issued once, rotated on demand, compared by hash. */
const spec = deciderSpecification(seatCodeDecider);
const grant = { seatId: 'seat-t1', storeId: '2', codeHash: 'h1', sealedCode: 'v1.sealed-1' };
const NOW = '2026-12-20T03:00:00.000Z';
const first: SeatCodeEvent = { type: 'SeatCodeIssued', data: { ...grant, issuedAt: NOW, rotated: false } };

describe('a seat’s code', () => {
  describe('when the seat has none', () => {
    it('issues one', () => {
      spec
        .given([])
        .when({ type: 'IssueSeatCode', ...grant, now: NOW })
        .then([first]);
    });
    it('a rotation issues the first one too', () => {
      spec
        .given([])
        .when({ type: 'RotateSeatCode', ...grant, now: NOW })
        .then([first]);
    });
  });

  describe('when the seat has one', () => {
    it('issuing again keeps it (safe to resend)', () => {
      spec
        .given([first])
        .when({ type: 'IssueSeatCode', ...grant, codeHash: 'h2', now: NOW })
        .thenNothingHappens();
    });
    it('rotating replaces it: the old code matches no more', () => {
      const rotated: SeatCodeEvent = { type: 'SeatCodeIssued', data: { ...grant, codeHash: 'h2', sealedCode: 'v1.sealed-2', issuedAt: NOW, rotated: true } };
      spec
        .given([first])
        .when({ type: 'RotateSeatCode', ...grant, codeHash: 'h2', sealedCode: 'v1.sealed-2', now: NOW })
        .then([rotated]);
      const state = [first, rotated].reduce(seatCodeDecider.evolve, seatCodeDecider.initialState());
      const hash = (code: string) => (code === 'old' ? 'h1' : code === 'new' ? 'h2' : 'other');
      expect(seatCodeMatches(state, 'old', hash)).toBe(false);
      expect(seatCodeMatches(state, 'new', hash)).toBe(true);
    });
  });

  describe('after a SECRETS_KEY rotation', () => {
    it('seals the same code again: it still matches, and a seat without one gets nothing', () => {
      const resealed: SeatCodeEvent = { type: 'SeatCodeResealed', data: { seatId: 'seat-t1', storeId: '2', sealedCode: 'v1.new-key', resealedAt: NOW } };
      spec.given([first]).when({ type: 'ResealSeatCode', seatId: 'seat-t1', storeId: '2', sealedCode: 'v1.new-key', now: NOW }).then([resealed]);
      spec.given([first, resealed]).when({ type: 'ResealSeatCode', seatId: 'seat-t1', storeId: '2', sealedCode: 'v1.new-key', now: NOW }).thenNothingHappens();
      spec.given([]).when({ type: 'ResealSeatCode', seatId: 'seat-t1', storeId: '2', sealedCode: 'v1.new-key', now: NOW }).thenNothingHappens();
      const state = [first, resealed].reduce(seatCodeDecider.evolve, seatCodeDecider.initialState());
      expect(state).toMatchObject({ status: 'issued', sealedCode: 'v1.new-key' });
      expect(seatCodeMatches(state, 'code', () => 'h1')).toBe(true);
    });
  });

  it('no code, an empty one or a seat without a code never matches', () => {
    const hash = () => 'h1';
    const state = [first].reduce(seatCodeDecider.evolve, seatCodeDecider.initialState());
    expect(seatCodeMatches(state, null, hash)).toBe(false);
    expect(seatCodeMatches(state, '', hash)).toBe(false);
    expect(seatCodeMatches(seatCodeDecider.initialState(), 'anything', hash)).toBe(false);
  });

  it('lives in its own stream, named by the seat', () => {
    expect(toStreamName('seat-t1')).toBe('seatcode-seat-t1');
    expect(fromStreamName('seatcode-seat-t1')).toEqual({ seatId: 'seat-t1' });
    expect(fromStreamName('seat-t1')).toBeNull();
  });

  it('refuses nothing by throwing: its only refusal is verification’s', () => {
    expect(() => seatCodeDecider.decide({ type: 'RotateSeatCode', ...grant, now: NOW }, seatCodeDecider.initialState())).not.toThrow(DomainError);
  });
});
