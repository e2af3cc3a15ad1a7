import { minutesOf, tokyoInstant } from '@moncafe/domain/calendar/dates';
import { SCHEDULE_DEFAULT_HOLD_MINUTES, SCHEDULE_SLOT_MINUTES, SCHEDULE_STEP_MINUTES } from '@moncafe/domain/reservation/schedule';

/**
 * The schedule's pure layout (operations.md §2 "Monitor reservation schedule"): which
 * reservations go on the grid, where each block starts and ends, which are overdue. `now` is
 * passed in (the server's clock, so a test's shifted clock is the screen's), nothing reads the
 * wall clock here.
 */
export interface LayoutReservation {
  id: string;
  reservation_time: string;
  seat_ids: string[];
  status: string | null;
  email_confirm_status: '0' | '1' | null;
  origin: 'web' | 'walk_in';
  exited_at: string | null;
}

export interface LayoutSeat {
  id: string;
  reservation_hold_minutes: number | null;
}

export interface Block {
  reservationId: string;
  /** The row the block is drawn on (a party on joined seats has a block on each). */
  seatId: string;
  startMinute: number;
  /** Where the block ends on the day (may pass the window's close; the view clips it). */
  endMinute: number;
  overdue: boolean;
  exited: boolean;
}

/**
 * Only web reservations with email_confirm_status '0' or '1', QR walk-ins (guest), and any other
 * status but cancelled and no-show (decision 156: its seat is free, so it is only listed).
 */
export function onGrid(r: Pick<LayoutReservation, 'status' | 'email_confirm_status' | 'origin'>): boolean {
  if (r.status === 'cancelled' || r.status === 'no_show') return false;
  if (r.origin === 'walk_in') return true;
  return r.email_confirm_status === '0' || r.email_confirm_status === '1';
}

/** The seats' hold time: the longest of the reservation's seats, 90 minutes for a seat that sets none. */
export function holdMinutes(seatIds: readonly string[], seats: readonly LayoutSeat[]): number {
  const holds = seatIds.map((id) => seats.find((s) => s.id === id)?.reservation_hold_minutes || SCHEDULE_DEFAULT_HOLD_MINUTES);
  return holds.length > 0 ? Math.max(...holds) : SCHEDULE_DEFAULT_HOLD_MINUTES;
}

/** Minutes from the Tokyo midnight that starts `date` to `instant` (negative before, past 1440 after). */
export function minuteOfDay(date: string, instant: Date): number {
  return Math.floor((instant.getTime() - tokyoInstant(date, 0).getTime()) / 60_000);
}

export function layoutBlocks(input: { date: string; now: Date; reservations: readonly LayoutReservation[]; seats: readonly LayoutSeat[] }): Block[] {
  const nowMinute = minuteOfDay(input.date, input.now);
  const known = new Set(input.seats.map((s) => s.id));
  const blocks: Block[] = [];
  for (const r of input.reservations) {
    if (!onGrid(r)) continue;
    const start = minutesOf(r.reservation_time);
    const hold = holdMinutes(r.seat_ids, input.seats);
    let end = start + hold;
    let overdue = false;
    const exited = r.exited_at !== null;
    if (r.exited_at !== null) {
      // Exited: from start to the exit, at least one minute.
      end = Math.max(start + 1, minuteOfDay(input.date, new Date(r.exited_at)));
    } else if (nowMinute > start + hold) {
      // Overdue: still at the table past the hold time, so the block grows to now.
      end = nowMinute;
      overdue = true;
    }
    for (const seatId of r.seat_ids) {
      if (known.has(seatId)) blocks.push({ reservationId: r.id, seatId, startMinute: start, endMinute: end, overdue, exited });
    }
  }
  return blocks;
}

/** The 30-minute columns of the window: their starting minutes. */
export function slotStarts(window: { open: number; close: number }): number[] {
  const first = Math.floor(window.open / SCHEDULE_SLOT_MINUTES) * SCHEDULE_SLOT_MINUTES;
  const slots: number[] = [];
  for (let m = first; m < window.close; m += SCHEDULE_SLOT_MINUTES) slots.push(m);
  return slots;
}

/**
 * A drag's horizontal offset as a new start: on the schedule's 5-minute steps (the nearest to
 * where the block was dropped, so a walk-in seated at 10:04 moves to 10:05, 10:30…, times the
 * server accepts), kept within the window so the block still fits before closing.
 */
export function movedStart(start: number, deltaMinutes: number, length: number, window: { open: number; close: number }): number {
  const stepped = Math.round((start + deltaMinutes) / SCHEDULE_STEP_MINUTES) * SCHEDULE_STEP_MINUTES;
  const latest = Math.floor((window.close - length) / SCHEDULE_STEP_MINUTES) * SCHEDULE_STEP_MINUTES;
  return Math.max(Math.ceil(window.open / SCHEDULE_STEP_MINUTES) * SCHEDULE_STEP_MINUTES, Math.min(stepped, latest));
}

export function clock(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
