import { addDays, addMonths, datesOfMonth, formatYearMonth, minutesOf, timeOf, tokyoDateOf, tokyoDateTime, tokyoInstant, yearMonthOf } from '../calendar/dates';
import { allocateSeats, type SeatSpec } from './allocation';
import { occupied, type SeatingState } from './decider';

/**
 * What the day screen may offer: pure functions over business hours, seats, the day's ledger,
 * the cart's menus and the same-day settings. `allocate-seat` decides with the same
 * `allocateSeats`, so a time offered here is a time the ledger would grant (unless someone
 * else takes it first).
 */

const SLOT_MINUTES = 30;
/** The booking window: the current month and the next two. */
const WINDOW_MONTHS = 3;

export interface BusinessDay {
  closed: boolean;
  /** 'HH:MM', or null when the store has no hours that day. */
  openTime: string | null;
  closeTime: string | null;
}

export interface MenuRules {
  menuId: string;
  name: string;
  deadlineDaysBefore: number | null;
  deadlineTime: string | null;
  /** How long this course keeps a seat, when the menu sets it. */
  durationMinutes: number | null;
}

export interface SameDaySettings {
  isEnabled: boolean;
  deadlineTime: string | null;
}

export type DateRefusal =
  | { code: 'closed'; date: string }
  | { code: 'same_day_disabled' }
  | { code: 'same_day_deadline_passed'; time: string }
  | { code: 'business_over' }
  | { code: 'menu_deadline_passed'; menus: { name: string; daysBefore: number; time: string }[] }
  | { code: 'past_date'; date: string };

/** The longest course duration in the cart where a menu sets one; null lets each seat's hold time apply. */
export function courseMinutesOf(menus: readonly MenuRules[]): number | null {
  const set = menus.flatMap((m) => (m.durationMinutes ? [m.durationMinutes] : []));
  return set.length ? Math.max(...set) : null;
}

function menuDeadlinePassed(menu: MenuRules, date: string, now: Date): boolean {
  if (menu.deadlineDaysBefore === null || !menu.deadlineTime) return false;
  return now.getTime() > tokyoInstant(addDays(date, -menu.deadlineDaysBefore), minutesOf(menu.deadlineTime)).getTime();
}

/** The first date every menu of the cart can still be booked for (deadline-hours), at least today. */
export function minimumDate(menus: readonly MenuRules[], now: Date): string {
  let date = tokyoDateTime(now).date;
  // A deadline moves the minimum by at most its days plus one; the loop is bounded by that.
  for (let i = 0; i < 400 && menus.some((m) => menuDeadlinePassed(m, date, now)); i++) date = addDays(date, 1);
  return date;
}

/** The spec's date checks (customer-site.md §5), in its order; null when the date may be chosen. */
export function checkDate(input: { date: string; now: Date; day: BusinessDay; sameDay: SameDaySettings; menus: readonly MenuRules[] }): DateRefusal | null {
  const { date, now, day, sameDay, menus } = input;
  const { date: today, minute } = tokyoDateTime(now);
  if (day.closed) return { code: 'closed', date };
  if (date === today) {
    if (!sameDay.isEnabled) return { code: 'same_day_disabled' };
    if (sameDay.deadlineTime && minute > minutesOf(sameDay.deadlineTime)) return { code: 'same_day_deadline_passed', time: sameDay.deadlineTime.slice(0, 5) };
    if (day.closeTime && minute >= minutesOf(day.closeTime)) return { code: 'business_over' };
  } else {
    const late = menus.filter((m) => menuDeadlinePassed(m, date, now));
    if (late.length)
      return {
        code: 'menu_deadline_passed',
        menus: late.map((m) => ({ name: m.name, daysBefore: m.deadlineDaysBefore ?? 0, time: (m.deadlineTime ?? '').slice(0, 5) })),
      };
  }
  if (date < minimumDate(menus, now) || date < today) return { code: 'past_date', date };
  return null;
}

export interface TimesInput {
  date: string;
  now: Date;
  day: BusinessDay;
  seats: readonly SeatSpec[];
  ledger: SeatingState;
  people: number;
  courseMinutes: number | null;
}

/**
 * Start times every 30 minutes from opening where some seat (or adjacent group) fits the party
 * for the whole stay before closing, counting bookings and live holds; past times never today.
 */
export function availableTimes(input: TimesInput): string[] {
  const { date, now, day, seats, ledger, people, courseMinutes } = input;
  if (day.closed || !day.openTime || !day.closeTime || people < 1) return [];
  const open = minutesOf(day.openTime);
  const close = minutesOf(day.closeTime);
  const { date: today, minute } = tokyoDateTime(now);
  if (date < today) return [];
  const busy = occupied(ledger, now.toISOString());
  const times: string[] = [];
  for (let start = open; start < close; start += SLOT_MINUTES) {
    if (date === today && start <= minute) continue;
    if (allocateSeats(seats, busy, { people, startMinute: start, courseMinutes, latestEndMinute: close })) times.push(timeOf(start));
  }
  return times;
}

/** Every date of the booking window: from today to the end of the month after next. */
export function bookingWindow(now: Date): string[] {
  const today = tokyoDateOf(now);
  const months = Array.from({ length: WINDOW_MONTHS }, (_, i) => formatYearMonth(addMonths(yearMonthOf(today), i)));
  return months.flatMap(datesOfMonth).filter((d) => d >= today);
}

export interface DatesInput {
  now: Date;
  dayOf: (date: string) => BusinessDay;
  ledgerOf: (date: string) => SeatingState;
  seats: readonly SeatSpec[];
  sameDay: SameDaySettings;
  menus: readonly MenuRules[];
  people: number;
}

/** Dates of the window that pass the date checks and still have at least one time for the party. */
export function availableDates(input: DatesInput): string[] {
  const courseMinutes = courseMinutesOf(input.menus);
  return bookingWindow(input.now).filter((date) => {
    const day = input.dayOf(date);
    if (checkDate({ date, now: input.now, day, sameDay: input.sameDay, menus: input.menus })) return false;
    return availableTimes({ date, now: input.now, day, seats: input.seats, ledger: input.ledgerOf(date), people: input.people, courseMinutes }).length > 0;
  });
}
