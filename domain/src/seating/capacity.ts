/**
 * The seat-capacity rule, stated once: a party larger than the seat is refused. Seats take a
 * party only when their places together (`maxPeople`, summed over a single seat or joined adjacent
 * ones) are at least its people. The allocator (allocation.ts), the ledger's decider (decider.ts,
 * `over_capacity`) and the booking's hold check (reservation/booking-service.ts) all ask here.
 */
export function seatsHoldParty(seats: readonly { maxPeople: number }[], people: number): boolean {
  return placesOf(seats) >= people;
}

/** How many people the seats take together. */
export function placesOf(seats: readonly { maxPeople: number }[]): number {
  return seats.reduce((sum, seat) => sum + seat.maxPeople, 0);
}
