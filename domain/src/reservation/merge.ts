import { DomainError, assertNever } from '../decider';
import type { MergedParty, MergeErrorCode, ReservationState } from './state';
import type { ReservationEvent } from './events';

/**
 * Merged parties (decision 370): staff make two parties at adjoining seats one
 * visit with one bill. The host's stream records `PartyMerged` (the other's seats and people are
 * its own now), the other's `MergedIntoParty` (its visit and bill are the host's); an undo before
 * checkout records `PartyMergeUndone` and `MergeUndone`, and both are as they were. Whether the
 * seats adjoin and hold the joined party is the seating ledger's decision (`MergeBookings`).
 * The reservation decider hands these commands here; each is idempotent, so a resend appends nothing.
 */

/** What the host knows of the party joining it, read from that party's stream by the service. */
export interface MergeCandidate {
  reservationId: string;
  storeId: string;
  date: string;
  seatIds: string[];
  people: number;
}

export type MergeCommand =
  /** On the host: the other party joins it; `people`, the joined party when staff say it grew (default the sum). */
  | { type: 'MergeParty'; absorbed: MergeCandidate; people?: number; seatLabel: string; now: string }
  /** On the other party: it joins the host. */
  | { type: 'JoinParty'; hostId: string; storeId: string; now: string }
  /** On the host: the merge of `absorbedId` is undone. */
  | { type: 'UndoMerge'; absorbedId: string; now: string }
  /** On the other party: it is on its own again. */
  | { type: 'LeaveParty'; hostId: string; now: string };

/**
 * `checked_out`: a party that paid (or was cancelled or a no-show) is merged or split no more;
 * `different_stores`, `different_days`: the parties are not at one floor; `already_merged`: the
 * party joined another already (or another joined it, for the one to be absorbed); `same_party`;
 * `not_merged`: an undo of a merge that is not there; `not_last_merge`: a host that took in several
 * parties gives them back latest first.
 */

type Live = Extract<ReservationState, { status: 'confirmed' | 'awaiting_confirmation' }>;

const refuse = (code: MergeErrorCode | 'not_found') => new DomainError(code);

/** A party that is still to come or at the table: neither paid, cancelled nor a no-show. */
function live(state: ReservationState): Live {
  if (state.status === 'empty') throw refuse('not_found');
  if (state.status === 'cancelled' || state.visit.exitedAt !== null || state.visit.noShow !== null) throw refuse('checked_out');
  return state;
}

function decideMergeParty(command: Extract<MergeCommand, { type: 'MergeParty' }>, state: ReservationState): ReservationEvent[] {
  const host = live(state);
  const { absorbed } = command;
  if (host.visit.merged.some((m) => m.reservationId === absorbed.reservationId)) return [];
  if (host.visit.mergedInto !== null) throw refuse('already_merged');
  if (absorbed.storeId !== host.request.storeId) throw refuse('different_stores');
  if (absorbed.date !== host.request.date) throw refuse('different_days');
  const before = { seatIds: host.request.seatIds, people: host.request.people };
  const seatIds = [...before.seatIds, ...absorbed.seatIds.filter((id) => !before.seatIds.includes(id))];
  return [
    {
      type: 'PartyMerged',
      data: {
        absorbedId: absorbed.reservationId,
        absorbed: { seatIds: absorbed.seatIds, people: absorbed.people },
        before,
        seatIds,
        people: command.people ?? before.people + absorbed.people,
        seatLabel: command.seatLabel,
        mergedAt: command.now,
        date: host.request.date,
      },
    },
  ];
}

function decideJoinParty(command: Extract<MergeCommand, { type: 'JoinParty' }>, state: ReservationState, selfId: string | null): ReservationEvent[] {
  const party = live(state);
  if (party.visit.mergedInto === command.hostId) return [];
  if (selfId === command.hostId) throw refuse('same_party');
  if (party.visit.mergedInto !== null || party.visit.merged.length > 0) throw refuse('already_merged');
  if (party.request.storeId !== command.storeId) throw refuse('different_stores');
  return [{ type: 'MergedIntoParty', data: { hostId: command.hostId, mergedAt: command.now, date: party.request.date } }];
}

function decideUndo(command: Extract<MergeCommand, { type: 'UndoMerge' }>, state: ReservationState): ReservationEvent[] {
  const host = live(state);
  const merge = host.visit.merged.find((m) => m.reservationId === command.absorbedId);
  if (!merge) throw refuse('not_merged');
  // The seats and people before a merge are the host's as it was then: the later merges go first.
  if (host.visit.merged.at(-1) !== merge) throw refuse('not_last_merge');
  const date = host.request.date;
  return [{ type: 'PartyMergeUndone', data: { absorbedId: command.absorbedId, ...merge.before, undoneAt: command.now, date } }];
}

function decideLeave(command: Extract<MergeCommand, { type: 'LeaveParty' }>, state: ReservationState): ReservationEvent[] {
  const party = live(state);
  if (party.visit.mergedInto === null) return [];
  if (party.visit.mergedInto !== command.hostId) throw refuse('not_merged');
  return [{ type: 'MergeUndone', data: { hostId: command.hostId, undoneAt: command.now, date: party.request.date } }];
}

/** Decides a merge command; `selfId` is the reservation's own id when the stream knows it (a party never joins itself). */
export function decideMerge(command: MergeCommand, state: ReservationState): ReservationEvent[] {
  const selfId = state.status === 'empty' ? null : state.request.reservationId;
  switch (command.type) {
    case 'MergeParty':
      if (command.absorbed.reservationId === selfId) throw refuse('same_party');
      return decideMergeParty(command, state);
    case 'JoinParty':
      return decideJoinParty(command, state, selfId);
    case 'UndoMerge':
      return decideUndo(command, state);
    case 'LeaveParty':
      return decideLeave(command, state);
    default:
      return assertNever(command);
  }
}

type MergeEvent = Extract<ReservationEvent, { type: 'PartyMerged' | 'MergedIntoParty' | 'PartyMergeUndone' | 'MergeUndone' }>;

export function evolveMerge(state: ReservationState, event: MergeEvent): ReservationState {
  if (state.status === 'empty') return state;
  switch (event.type) {
    case 'PartyMerged': {
      const d = event.data;
      const merged: MergedParty = { reservationId: d.absorbedId, seatIds: d.absorbed.seatIds, people: d.absorbed.people, before: d.before };
      return {
        ...state,
        request: { ...state.request, seatIds: d.seatIds, people: d.people },
        visit: { ...state.visit, merged: [...state.visit.merged, merged] },
      };
    }
    case 'MergedIntoParty':
      return { ...state, visit: { ...state.visit, mergedInto: event.data.hostId } };
    case 'PartyMergeUndone': {
      const d = event.data;
      return {
        ...state,
        request: { ...state.request, seatIds: d.seatIds, people: d.people },
        visit: { ...state.visit, merged: state.visit.merged.filter((m) => m.reservationId !== d.absorbedId) },
      };
    }
    case 'MergeUndone':
      return { ...state, visit: { ...state.visit, mergedInto: null } };
    default:
      return assertNever(event);
  }
}
