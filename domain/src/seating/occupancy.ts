import { DomainError } from '../decider';
import { overlaps, type Interval, type SeatSpec } from './allocation';
import { seatsHoldParty } from './capacity';
import type { Hold, SeatingErrorCode, SeatingState } from './state';

/** What occupies a seat in a day's ledger, and the one check every seat change of the ledger passes (decider.ts applies them). */

export const isLive = (hold: Hold, now: string) => Date.parse(hold.expiresAt) > Date.parse(now);

/** Everything that occupies seats at `now`: bookings and live holds, except the ones named in `except`. */
export function occupied(state: SeatingState, now: string, except: { holdId?: string; reservationId?: string } = {}) {
  const entries: { seatIds: string[]; interval: Interval }[] = [];
  for (const b of Object.values(state.bookings)) if (b.reservationId !== except.reservationId) entries.push({ seatIds: b.seatIds, interval: b });
  for (const h of Object.values(state.holds)) if (h.holdId !== except.holdId && isLive(h, now)) entries.push({ seatIds: h.seatIds, interval: h });
  return (seatId: string, interval: Interval) => entries.some((e) => e.seatIds.includes(seatId) && overlaps(e.interval, interval));
}

/** Refuses seats that are unknown, too small for `people` together, or busy during `interval` (other than `except`). */
export function checkSeats(
  state: SeatingState,
  command: { seatIds: string[]; seats: SeatSpec[]; now: string },
  people: number,
  interval: Interval,
  except: { reservationId?: string } = {},
) {
  const targets = command.seatIds.flatMap((id) => command.seats.find((s) => s.id === id) ?? []);
  if (targets.length === 0 || targets.length < command.seatIds.length) throw new DomainError<SeatingErrorCode>('unknown_seat');
  if (!seatsHoldParty(targets, people)) throw new DomainError<SeatingErrorCode>('over_capacity');
  if (!(interval.end > interval.start)) throw new DomainError<SeatingErrorCode>('overlap');
  const busy = occupied(state, command.now, except);
  if (command.seatIds.some((id) => busy(id, interval))) throw new DomainError<SeatingErrorCode>('overlap');
}
