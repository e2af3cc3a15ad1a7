import { foldStream, type CommandHandler } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, Hashing } from '../ports';
import { toStreamName as reservationStream, type ReservationEvent } from '../reservation/events';
import { parseToken, type ReservationCommand, type ReservationState } from '../reservation/decider';
import { locationCheckWaived, visitTokenSeat } from '../reservation/visit';
import { catalogDecider } from '../catalog/decider';
import { toStreamName as catalogStream } from '../catalog/events';
import type { StoreData } from '../catalog/kinds';
import { checkLocation, type LocationVerdict, type ReportedPosition } from './geofence';
import type { TableSeat } from './ports';
import type { TableErrorCode, TablePorts } from './ports';

/** Who is asking: a guest's phone with its table-order token, or signed-in staff (monitor/admin). */
export type TableAuth = { kind: 'token'; token: string } | { kind: 'staff'; actor: string };

/**
 * The reservation a request may act on, checked live from its stream: staff may act on any; a
 * token opens only its own reservation while it lives (unknown, dead after checkout, ended with
 * its waiver, or another reservation's: `invalid_token`). `seatId` is the token's seat.
 */
export async function authorizeVisit(
  reservations: CommandHandler<ReservationState, ReservationCommand, ReservationEvent>,
  ports: { clock: Clock; hashing: Hashing },
  reservationId: string,
  auth: TableAuth,
) {
  const stream = await reservations.load(reservationStream(reservationId));
  const now = ports.clock.now().toISOString();
  if (auth.kind === 'staff') {
    if (stream.state.status === 'empty') throw new DomainError('not_found');
    return { stream, seatId: null as string | null };
  }
  const parsed = parseToken(auth.token, ports.hashing.sha256Hex);
  const seatId = parsed.reservationId === reservationId ? visitTokenSeat(stream.state, parsed.tokenHash, now) : null;
  if (seatId === null) throw new DomainError<TableErrorCode>('invalid_token', 'invalid_token', {});
  return { stream, seatId };
}

/**
 * A guest's way to the table, checked before a check-in or renewal: the seat's code (decision 150),
 * the store's seating mode (decision 151) and the location step (decision 060). Staff skip them.
 */
export function tableAccess(ports: Pick<TablePorts, 'eventStore' | 'seatCodes' | 'catalog'>) {
  const { catalog } = ports;
  const refuse = (code: TableErrorCode) => new DomainError<TableErrorCode>(code, code, {});

  /** How the store's guests are seated (decision 151): by the seat's QR (the spec's way) or by staff only. */
  async function checkInMode(storeId: string): Promise<'self' | 'staff'> {
    const state = foldStream(catalogDecider, await ports.eventStore.readStream(catalogStream('store', storeId)));
    return state.status === 'saved' ? ((state.data as StoreData).table_check_in ?? 'self') : 'self';
  }

  /** A guest's claim to be at the table (decision 150): the seat's code, then the store's seating mode. Staff skip both. */
  async function atTheTable(seat: TableSeat, seatCode: string | null, staff: string | null): Promise<void> {
    if (staff) return;
    await ports.seatCodes.verify(seat.id, seatCode);
    if ((await checkInMode(seat.storeId)) === 'staff') throw refuse('staff_seating_only');
  }

  /**
   * The location step: staff skip it; a phone passes inside the fence; outside it (or with no
   * position) only a waiver of this reservation lets it through, and then its token dies with the waiver.
   */
  function locationPass(verdict: LocationVerdict, state: ReservationState | null, now: string): { validUntil: string | null } {
    if (verdict === 'inside') return { validUntil: null };
    if (state && locationCheckWaived(state, now) && state.status !== 'empty') return { validUntil: state.visit.locationWaivedUntil };
    throw refuse(verdict);
  }

  async function verdictFor(seat: TableSeat, position: ReportedPosition | null, staff: string | null): Promise<LocationVerdict> {
    return staff ? 'inside' : checkLocation(await catalog.fence(seat.storeId), position);
  }

  return { checkInMode, atTheTable, locationPass, verdictFor };
}
