import { DomainError } from '../decider';
import type { CourseLineErrorCode, ReservationErrorCode, ReservationState } from './state';
import type { ReservationEvent, ReservationRequest } from './events';

/**
 * A booked course on the visit's bill (decision 630): the reservation's courses are billed from
 * check-in at the count booked, and staff may change a count (one guest did not come) or take a
 * course off (count 0, its options with it), each with a reason kept in the history. The
 * reservation decider hands `ChangeCourseLine` here.
 */
export type CourseLineCommand = { type: 'ChangeCourseLine'; menuId: string; quantity: number; reason: string; now: string };

/** The most of one course a bill may carry: far above any party, low enough that a typo is caught. */
export const MAX_COURSE_COUNT = 99;

const refuse = (code: CourseLineErrorCode | ReservationErrorCode) => new DomainError<ReservationErrorCode>(code, code, {});

/** How many of each booked course are on the bill now: the booked count unless staff changed it. */
export function billedCourseCounts(request: Pick<ReservationRequest, 'lines'>, courseCounts: Readonly<Record<string, number>>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of request.lines) counts.set(line.menuId, (counts.get(line.menuId) ?? 0) + line.quantity);
  for (const [menuId, count] of Object.entries(courseCounts)) if (counts.has(menuId)) counts.set(menuId, count);
  return counts;
}

export function decideCourseLine(command: CourseLineCommand, state: ReservationState): ReservationEvent[] {
  if (state.status === 'empty') throw refuse('not_found');
  if (state.status !== 'confirmed' || state.visit.exitedAt !== null || state.visit.noShow !== null) throw refuse('visit_ended');
  const counts = billedCourseCounts(state.request, state.visit.courseCounts);
  const from = counts.get(command.menuId);
  if (from === undefined) throw refuse('course_line_unknown');
  if (!Number.isInteger(command.quantity) || command.quantity < 0 || command.quantity > MAX_COURSE_COUNT) throw refuse('invalid_quantity');
  if (command.reason.trim() === '') throw refuse('reason_required');
  // A resent change finds the count already as asked: nothing twice.
  if (from === command.quantity) return [];
  return [
    {
      type: 'CourseLineChanged',
      data: { menuId: command.menuId, from, to: command.quantity, reason: command.reason.trim(), changedAt: command.now, date: state.request.date },
    },
  ];
}
