/**
 * The floor's seats as parties to check out: one entry per party, not per seat. A merged party
 * (decision 370) sits at several seats with one bill, so it is one checkout, its seats' names
 * joined (decision 515).
 */
export function partiesAtTables<S extends { reservationId: string | null; seatName: string }>(seats: readonly S[]): (S & { reservationId: string })[] {
  const parties = new Map<string, S & { reservationId: string; seatNames: string[] }>();
  for (const seat of seats) {
    if (seat.reservationId === null) continue;
    const party = parties.get(seat.reservationId);
    if (party) party.seatNames.push(seat.seatName);
    else parties.set(seat.reservationId, { ...seat, reservationId: seat.reservationId, seatNames: [seat.seatName] });
  }
  return [...parties.values()].map(({ seatNames, ...party }) => ({ ...(party as S & { reservationId: string }), seatName: seatNames.join('・') }));
}
