import { describe, expect, it } from 'vitest';
import { partiesAtTables } from './parties-at-tables';

describe('the parties to check out', () => {
  it('lists a merged party once, at its seats together, and leaves out free seats', () => {
    const seats = [
      { seatId: 't1', seatName: 'テーブル1', reservationId: 'host', people: 4 },
      { seatId: 't2', seatName: 'テーブル2', reservationId: 'host', people: 4 },
      { seatId: 't3', seatName: 'テーブル3', reservationId: null, people: null },
      { seatId: 's1', seatName: 'ソファ席', reservationId: 'alone', people: 2 },
    ];
    expect(partiesAtTables(seats).map((p) => [p.reservationId, p.seatName, p.people])).toEqual([
      ['host', 'テーブル1・テーブル2', 4],
      ['alone', 'ソファ席', 2],
    ]);
  });
});
