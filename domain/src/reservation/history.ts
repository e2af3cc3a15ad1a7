import { assertNever } from '../decider';
import type { RecordedEvent } from '../ports';
import type { FloorStatus, PaymentMethod, ReservationEvent } from './events';
import { parseReservationEvent } from './events';

/**
 * The whole story of one reservation as the schedule's detail modal tells it (decision 110):
 * read from its own stream, one entry per fact a manager cares about, each with who did it and
 * when. A move names where the reservation was before (folded from the earlier events) and where
 * it went. Link issues and table-order tokens are left out: they are plumbing, not history.
 */
export interface Placement {
  date: string;
  time: string;
  seatIds: string[];
  people: number;
}

export type HistoryEntry = { at: string; actor: string } & (
  | { kind: 'created'; origin: 'web' | 'walk_in'; to: Placement }
  | { kind: 'confirmed' }
  | { kind: 'moved'; from: Placement; to: Placement }
  | { kind: 'status'; from: FloorStatus | null; to: FloorStatus | null }
  | { kind: 'checked_in'; seatId: string; people: number }
  | { kind: 'location_waived'; minutes: number; until: string }
  | { kind: 'checked_out'; payment: PaymentMethod | null; minutes: number }
  | { kind: 'cancelled'; by: 'customer' | 'staff'; reason: string }
  | { kind: 'no_show' }
  | { kind: 'no_show_reverted'; reason: string }
  /** Decision 370: `role` says whether this party took the other in (`host`) or joined it (`joined`); `undone` for the undo. */
  | { kind: 'merged'; role: 'host' | 'joined'; other: string; undone: boolean }
  /** Decision 630: staff changed a booked course's count on the bill (`to` 0: taken off), saying why. */
  | { kind: 'course_changed'; menuId: string; from: number; to: number; reason: string }
);

export function reservationHistory(recorded: readonly RecordedEvent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let placement: Placement | null = null;
  for (const r of recorded) {
    const event = parseReservationEvent(r);
    if (!event) continue;
    const who = { actor: r.metadata.actor };
    switch (event.type) {
      case 'ReservationRequested': {
        const d = event.data;
        placement = { date: d.date, time: d.time, seatIds: d.seatIds, people: d.people };
        entries.push({ ...who, at: d.requestedAt, kind: 'created', origin: 'web', to: placement });
        break;
      }
      case 'WalkInSeated': {
        const d = event.data;
        placement = { date: d.date, time: d.time, seatIds: d.seatIds, people: d.people };
        entries.push({ ...who, at: d.seatedAt, kind: 'created', origin: 'walk_in', to: placement });
        break;
      }
      case 'ReservationConfirmed':
        entries.push({ ...who, at: event.data.confirmedAt, kind: 'confirmed' });
        break;
      case 'ReservationMoved': {
        const d = event.data;
        const from: Placement = placement ?? { date: d.date ?? '', time: '', seatIds: [], people: d.people ?? 0 };
        const to: Placement = { date: d.date ?? from.date, time: d.time, seatIds: d.seatIds, people: d.people ?? from.people };
        entries.push({ ...who, at: d.movedAt, kind: 'moved', from, to });
        placement = to;
        break;
      }
      case 'StatusChanged':
        entries.push({ ...who, at: event.data.changedAt, kind: 'status', from: event.data.from, to: event.data.to });
        break;
      case 'CustomerArrived':
        entries.push({ ...who, at: event.data.arrivedAt, kind: 'checked_in', seatId: event.data.seatId, people: event.data.people });
        break;
      case 'LocationCheckWaived':
        entries.push({ ...who, at: event.data.grantedAt, kind: 'location_waived', minutes: event.data.minutes, until: event.data.until });
        break;
      case 'CheckedOut':
        entries.push({
          ...who,
          at: event.data.exitedAt,
          kind: 'checked_out',
          payment: event.data.payment?.method ?? null,
          minutes: event.data.actualDurationMinutes,
        });
        break;
      case 'ReservationCancelled':
        entries.push({ ...who, at: event.data.cancelledAt, kind: 'cancelled', by: event.data.by, reason: event.data.reason });
        break;
      case 'MarkedNoShow':
        entries.push({ ...who, at: event.data.markedAt, kind: 'no_show' });
        break;
      case 'NoShowReverted':
        entries.push({ ...who, at: event.data.revertedAt, kind: 'no_show_reverted', reason: event.data.reason });
        break;
      case 'PartyMerged':
      case 'MergedIntoParty':
      case 'PartyMergeUndone':
      case 'MergeUndone':
        entries.push({ ...who, ...mergeEntry(event) });
        break;
      case 'CourseLineChanged': {
        const d = event.data;
        entries.push({ ...who, at: d.changedAt, kind: 'course_changed', menuId: d.menuId, from: d.from, to: d.to, reason: d.reason });
        break;
      }
      // Personal data changes are not the schedule's history of the visit (the history browser shows them).
      case 'GuestDetailsCorrected':
      case 'GuestForgotten':
      case 'ConfirmationLinkIssued':
      case 'VisitTokenIssued':
      case 'OrderAdmitted':
      case 'VisitPassIssued':
      case 'VisitPassUsed':
        break;
      default:
        return assertNever(event);
    }
  }
  return entries;
}

type MergeEvent = Extract<ReservationEvent, { type: 'PartyMerged' | 'MergedIntoParty' | 'PartyMergeUndone' | 'MergeUndone' }>;

/** A merge or its undo (decision 370), from the host's side or the side of the party that joined. */
function mergeEntry(event: MergeEvent): { at: string; kind: 'merged'; role: 'host' | 'joined'; other: string; undone: boolean } {
  const d = event.data;
  const undone = event.type === 'PartyMergeUndone' || event.type === 'MergeUndone';
  const at = 'mergedAt' in d ? d.mergedAt : d.undoneAt;
  return 'absorbedId' in d
    ? { at, kind: 'merged', role: 'host', other: d.absorbedId, undone }
    : { at, kind: 'merged', role: 'joined', other: d.hostId, undone };
}
