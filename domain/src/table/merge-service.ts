import { commandHandler, retryOnConflict, type CommandContext } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore, IdGenerator } from '../ports';
import { reservationDecider, type ReservationState } from '../reservation/decider';
import { toStreamName as reservationStream } from '../reservation/events';
import type { MergeCandidate } from '../reservation/merge';
import { seatingLedger } from '../seating/decider';
import { toStreamName as ledgerStream } from '../seating/events';
import type { TableCatalog } from './ports';

/**
 * Merged parties (decision 370): staff make two parties at adjoining seats one
 * visit with one bill, and undo it before checkout. Streams, the contended one first
 * (ARCHITECTURE.md): the day's seating ledger joins the bookings (`MergeBookings`: adjoining, the
 * capacity rule, no overlap), then the other's reservation records `MergedIntoParty`, then the
 * host's `PartyMerged` (the event the screens hear, last, so they read both halves). Both reservations are asked before the ledger is written, so a refusal
 * writes nothing; every step is idempotent, so a resend or a retry after a lost append completes
 * the merge and appends nothing twice. The undo takes the same road back.
 */
export interface MergePorts {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  catalog: Pick<TableCatalog, 'seats'>;
}

export interface MergeInput {
  /** The party that stays (its reservation, number and bill go on). */
  reservationId: string;
  /** The party that joins it. */
  otherId: string;
  actor: string;
  correlationId: string;
}

type Loaded = Extract<ReservationState, { status: 'confirmed' | 'awaiting_confirmation' | 'cancelled' }>;

function loaded(state: ReservationState): Loaded {
  if (state.status === 'empty') throw new DomainError('not_found');
  return state;
}

export function partyMergeService(ports: MergePorts) {
  const seating = commandHandler(seatingLedger, ports);
  const reservations = commandHandler(reservationDecider, ports);
  const attempts = { maxAttempts: reservations.maxAttempts, what: 'party merge' };

  async function both(input: MergeInput) {
    const [host, other] = await Promise.all([reservations.load(reservationStream(input.reservationId)), reservations.load(reservationStream(input.otherId))]);
    const request = loaded(host.state).request;
    loaded(other.state);
    const context: CommandContext = { correlationId: input.correlationId, actor: input.actor, storeId: request.storeId };
    return { host, other, request, context };
  }

  return {
    /** The other party joins the host: seats, people and orders become one visit with one bill. `people`: the joined party when it grew. */
    async merge(input: MergeInput & { people?: number | null }) {
      return retryOnConflict(async () => {
        const { host, other, request, context } = await both(input);
        const now = ports.clock.now().toISOString();
        const them = loaded(other.state).request;
        const absorbed: MergeCandidate = { reservationId: input.otherId, storeId: them.storeId, date: them.date, seatIds: them.seatIds, people: them.people };
        if (input.otherId === input.reservationId) throw new DomainError('same_party');
        const seats = await ports.catalog.seats(request.storeId);
        const joined = other.decide({ type: 'JoinParty', hostId: input.reservationId, storeId: request.storeId, now });
        const people = input.people ?? undefined;
        const names = (ids: readonly string[]) => ids.map((id) => seats.find((s) => s.id === id)?.name ?? id).join('・');
        const seatLabel = names([...request.seatIds, ...them.seatIds.filter((id) => !request.seatIds.includes(id))]);
        const merged = host.decide({ type: 'MergeParty', absorbed, ...(people !== undefined ? { people } : {}), seatLabel, now });
        await seating.handle(
          ledgerStream(request.storeId, request.date),
          { type: 'MergeBookings', hostId: input.reservationId, absorbedId: input.otherId, ...(people !== undefined ? { people } : {}), seats, now },
          context,
        );
        // The other's half first: the host's event, which tells the screens (`reservation-merged`), comes last.
        const first = await other.append(joined, context);
        const second = await host.append(merged, context);
        const after = loaded((await reservations.load(reservationStream(input.reservationId))).state).request;
        return { reservationId: input.reservationId, seatIds: after.seatIds, people: after.people, position: second.position ?? first.position };
      }, attempts);
    },

    /** The merge undone before checkout: both parties with their own seats, people and orders again. */
    async undo(input: MergeInput) {
      return retryOnConflict(async () => {
        const { host, other, request, context } = await both(input);
        const now = ports.clock.now().toISOString();
        // A resend after the other's half was undone: only the host's half is left to do.
        const undone = host.decide({ type: 'UndoMerge', absorbedId: input.otherId, now });
        const left = other.decide({ type: 'LeaveParty', hostId: input.reservationId, now });
        await seating.handle(
          ledgerStream(request.storeId, request.date),
          { type: 'SplitBookings', hostId: input.reservationId, absorbedId: input.otherId },
          context,
        );
        const first = await other.append(left, context);
        const second = await host.append(undone, context);
        return { reservationId: input.reservationId, position: second.position ?? first.position };
      }, attempts);
    },
  };
}

export type PartyMergeService = ReturnType<typeof partyMergeService>;
