import { describe, expect, it } from 'vitest';
import { placesOf, seatsHoldParty } from './capacity';

describe('a party larger than the seat is refused', () => {
  it('takes a party up to the seat’s places and refuses one more', () => {
    expect(seatsHoldParty([{ maxPeople: 4 }], 4)).toBe(true);
    expect(seatsHoldParty([{ maxPeople: 4 }], 5)).toBe(false);
  });

  it('counts joined seats’ places together', () => {
    expect(placesOf([{ maxPeople: 2 }, { maxPeople: 4 }])).toBe(6);
    expect(seatsHoldParty([{ maxPeople: 2 }, { maxPeople: 4 }], 6)).toBe(true);
    expect(seatsHoldParty([{ maxPeople: 2 }, { maxPeople: 4 }], 7)).toBe(false);
  });

  it('seats nobody on no seat', () => {
    expect(seatsHoldParty([], 1)).toBe(false);
  });
});
