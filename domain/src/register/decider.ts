import { assertNever, DomainError, type Decider } from '../decider';
import { parseRegisterEvent, type RegisterEvent, type ReportedCorrection } from './events';
import { sameFigures, type DayFigures, type OpenAtClose } from './figures';

/**
 * The register of one store (decision 250): which business days are closed with the figures
 * they now count (the close's, or the last correction's), and the corrections not yet shown in
 * a close.
 */
export interface RegisterState {
  closed: Readonly<Record<string, DayFigures>>;
  unreported: readonly ReportedCorrection[];
}

export type RegisterErrorCode =
  'already_closed' | 'future_date' | 'correction_needed' | 'open_at_close' | 'not_closed' | 'nothing_to_correct' | 'reason_required';

export type RegisterCommand =
  | {
      type: 'CloseDay';
      businessDate: string;
      /** The Tokyo date now: a day closes only once it has begun. */
      today: string;
      figures: DayFigures;
      cashCounted: number;
      note: string;
      /** What recently closed days count now (from the read models), to find a day that changed after its close. */
      closedDaysNow: Readonly<Record<string, DayFigures>>;
      /** Parties still at a table and orders nobody paid (decision 516). */
      open: OpenAtClose;
      /** The ids of those (reservations and orders) the owner saw named and closed anyway. */
      openConfirmed: readonly string[];
      by: string;
      now: string;
    }
  | { type: 'CorrectDay'; correctionId: string; businessDate: string; figures: DayFigures; reason: string; by: string; now: string };

const refuse = (code: RegisterErrorCode, details: Record<string, unknown> = {}) => new DomainError<RegisterErrorCode>(code, code, details);

/** Closed days whose figures now differ from what they count: each needs a correction first. */
export function changedClosedDays(state: RegisterState, closedDaysNow: Readonly<Record<string, DayFigures>>): string[] {
  return Object.entries(closedDaysNow)
    .filter(([date, now]) => Object.hasOwn(state.closed, date) && !sameFigures(state.closed[date]!, now))
    .map(([date]) => date)
    .sort();
}

function decideClose(command: Extract<RegisterCommand, { type: 'CloseDay' }>, state: RegisterState): RegisterEvent[] {
  if (Object.hasOwn(state.closed, command.businessDate)) throw refuse('already_closed');
  if (command.businessDate > command.today) throw refuse('future_date');
  const changed = changedClosedDays(state, command.closedDaysNow);
  if (changed.length > 0) throw refuse('correction_needed', { dates: changed });
  // A close with parties still seated or orders unpaid goes ahead only once the owner saw each named.
  const confirmed = new Set(command.openConfirmed);
  const unseen = [...command.open.visits.map((v) => v.reservationId), ...command.open.unpaidOrders.map((o) => o.orderId)].filter((id) => !confirmed.has(id));
  if (unseen.length > 0) throw refuse('open_at_close', { open: command.open });
  const expected = command.figures.cashExpected;
  return [
    {
      type: 'DayClosed',
      data: {
        businessDate: command.businessDate,
        figures: command.figures,
        cash: { expected, counted: command.cashCounted, difference: command.cashCounted - expected },
        note: command.note.trim(),
        corrections: [...state.unreported],
        openAtClose: command.open,
        closedBy: command.by,
        closedAt: command.now,
      },
    },
  ];
}

function decideCorrect(command: Extract<RegisterCommand, { type: 'CorrectDay' }>, state: RegisterState): RegisterEvent[] {
  if (!Object.hasOwn(state.closed, command.businessDate)) throw refuse('not_closed');
  const reason = command.reason.trim();
  if (reason === '') throw refuse('reason_required');
  const before = state.closed[command.businessDate]!;
  if (sameFigures(before, command.figures)) throw refuse('nothing_to_correct');
  return [
    {
      type: 'DayCorrected',
      data: {
        correctionId: command.correctionId,
        businessDate: command.businessDate,
        before,
        after: command.figures,
        reason,
        correctedBy: command.by,
        correctedAt: command.now,
      },
    },
  ];
}

function decide(command: RegisterCommand, state: RegisterState): RegisterEvent[] {
  switch (command.type) {
    case 'CloseDay':
      return decideClose(command, state);
    case 'CorrectDay':
      return decideCorrect(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: RegisterState, event: RegisterEvent): RegisterState {
  switch (event.type) {
    case 'DayClosed':
      return { closed: { ...state.closed, [event.data.businessDate]: event.data.figures }, unreported: [] };
    case 'DayCorrected': {
      const d = event.data;
      const reported: ReportedCorrection = {
        correctionId: d.correctionId,
        businessDate: d.businessDate,
        reason: d.reason,
        correctedBy: d.correctedBy,
        correctedAt: d.correctedAt,
        totalBefore: d.before.sales.total,
        totalAfter: d.after.sales.total,
      };
      return { closed: { ...state.closed, [d.businessDate]: d.after }, unreported: [...state.unreported, reported] };
    }
    default:
      return assertNever(event);
  }
}

export const registerDecider: Decider<RegisterState, RegisterCommand, RegisterEvent> = {
  initialState: () => ({ closed: {}, unreported: [] }),
  evolve,
  decide,
  parseEvent: parseRegisterEvent,
};
