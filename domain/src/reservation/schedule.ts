import { minutesOf } from '../calendar/dates';
import type { BusinessDay } from '../seating/availability';

/** The schedule's constants (operations.md §9). */
export const SCHEDULE_SLOT_MINUTES = 30;
/** Moves go in 5-minute steps (§2, §5). */
export const SCHEDULE_STEP_MINUTES = 5;
/** A seat's hold time when it sets none (§3: 90 in the schedule). */
export const SCHEDULE_DEFAULT_HOLD_MINUTES = 90;
const SCHEDULE_DEFAULT_OPEN = '10:00';
const SCHEDULE_DEFAULT_CLOSE = '20:00';

/**
 * The minutes of the day the schedule spans and moves may land in: the day's open hours, or
 * 10:00–20:00 when the day has none (closed, or no hours set), so a reservation on such a day
 * can still be seen and moved (decision 110).
 */
export function scheduleWindow(day: Pick<BusinessDay, 'closed' | 'openTime' | 'closeTime'> | null): { open: number; close: number } {
  if (day && !day.closed && day.openTime && day.closeTime) {
    const open = minutesOf(day.openTime);
    const close = minutesOf(day.closeTime);
    if (close > open) return { open, close };
  }
  return { open: minutesOf(SCHEDULE_DEFAULT_OPEN), close: minutesOf(SCHEDULE_DEFAULT_CLOSE) };
}
