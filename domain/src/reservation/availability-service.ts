import { holidaysBetween } from '../calendar/holidays';
import { minutesOf, tokyoDateTime, tokyoInstant } from '../calendar/dates';
import { currentState, currentStates } from '../command-handler';
import { DomainError } from '../decider';
import type { Clock, EventStore } from '../ports';
import {
  availableDates,
  availableTimes,
  bookingWindow,
  checkDate,
  courseMinutesOf,
  minimumDate,
  type BusinessDay,
  type DateRefusal,
  type MenuRules,
} from '../seating/availability';
import { toStreamName as ledgerStream } from '../seating/events';
import { seatingLedger, type SeatingState } from '../seating/decider';
import type { ReservationCatalog } from './ports';

/**
 * What the customer's day screen may offer before anything is held: the dates with a free time
 * for the party, the free times of a date, the spec's date checks and the courses' deadline. It
 * reads the catalog and the day's seating ledger and writes nothing; booking-service.ts holds,
 * requests, confirms and cancels, and answers these same calls (`bookingService` spreads them).
 */

export interface AvailabilityPorts {
  eventStore: EventStore;
  clock: Clock;
  catalog: ReservationCatalog;
}

/**
 * `no_store`: no store exists yet. `store_closed`: the admin closed the store (decision 320).
 * `date_refused`: the spec's date checks refuse the date. `time_unavailable`: the store is not open then.
 */
export type AvailabilityErrorCode = 'no_store' | 'unknown_store' | 'store_closed' | 'date_refused' | 'time_unavailable';

/** The store a guest's call names (`store_id`, a claim), or none: then the first open store (decision 406). */
export type StoreClaim = { storeId?: string | null | undefined };

/** A walk-in is seated now: it is not held to the same-day settings nor refused for the current minute. */
type WalkIn = { walkIn?: boolean };

const CLOSED: BusinessDay = { closed: true, openTime: null, closeTime: null };

/** The store's day as booking reads it: which store, the day's ledger, and the spec's date and time checks. */
export function bookingDays(ports: AvailabilityPorts) {
  const { catalog } = ports;

  /**
   * The store a booking call is about: the one the guest chose when it is an open store (a
   * claim, checked here: `unknown_store` otherwise), else the first open store (decision 406).
   */
  async function storeId(claimed?: string | null): Promise<string> {
    if (claimed) {
      if (!(await catalog.storeOpen(claimed)))
        throw new DomainError<AvailabilityErrorCode>('unknown_store', `store ${claimed} takes no bookings`, { storeId: claimed });
      return claimed;
    }
    const id = await catalog.defaultStoreId();
    if (!id) throw new DomainError<AvailabilityErrorCode>('no_store');
    return id;
  }

  async function ledger(store: string, date: string): Promise<SeatingState> {
    // The day's state as this process keeps it, brought up to date from its last revision.
    return currentState(ports.eventStore, seatingLedger, ledgerStream(store, date));
  }

  /** The one place the spec's date checks are put together: the day's hours, same-day settings and the cart's deadlines. */
  async function refusalOf(
    store: string,
    date: string,
    menus: readonly MenuRules[],
    options: WalkIn = {},
  ): Promise<{ day: BusinessDay; refusal: DateRefusal | null }> {
    const [days, stored] = await Promise.all([catalog.businessDays(store, [date]), catalog.sameDaySettings(store)]);
    const day = days[date] ?? CLOSED;
    // A walk-in is not a same-day booking: only the day's hours stand in its way (decision 351).
    const sameDay = options.walkIn ? { isEnabled: true, deadlineTime: null } : stored;
    return { day, refusal: checkDate({ date, now: ports.clock.now(), day, sameDay, menus }) };
  }

  /**
   * The booking rules of a new booking, the guest's and the staff's phone booking alike: a closed
   * store takes none (decision 320), then the date checks, then whether the store is open at that
   * time (and it is not past).
   */
  async function refuseDateOrTime(store: string, date: string, time: string, menus: readonly MenuRules[], options: WalkIn = {}): Promise<{ close: number }> {
    if (!(await catalog.storeOpen(store))) throw new DomainError<AvailabilityErrorCode>('store_closed', `store ${store} takes no bookings`, { storeId: store });
    const { day, refusal } = await refusalOf(store, date, menus, options);
    if (refusal) throw new DomainError<AvailabilityErrorCode>('date_refused', refusal.code, { refusal });
    if (day.closed || !day.openTime || !day.closeTime) throw new DomainError<AvailabilityErrorCode>('time_unavailable');
    const start = minutesOf(time);
    const today = tokyoDateTime(ports.clock.now());
    if (start < minutesOf(day.openTime) || start >= minutesOf(day.closeTime) || (date === today.date && start <= today.minute && !options.walkIn))
      throw new DomainError<AvailabilityErrorCode>('time_unavailable');
    return { close: minutesOf(day.closeTime) };
  }

  return { storeId, ledger, refusalOf, refuseDateOrTime };
}

export function availabilityService(ports: AvailabilityPorts) {
  const { catalog } = ports;
  const { storeId, ledger, refusalOf } = bookingDays(ports);

  return {
    /** Dates of the booking window with a free time for the party, the window's holidays and closed days. */
    async availableDates(input: { people: number; menuIds: readonly string[] } & StoreClaim) {
      const store = await storeId(input.storeId);
      const now = ports.clock.now();
      const window = bookingWindow(now);
      const [days, seats, sameDay, menus] = await Promise.all([
        catalog.businessDays(store, window),
        catalog.seats(store),
        catalog.sameDaySettings(store),
        catalog.menus(store, input.menuIds),
      ]);
      // Only open days need their ledger; read them up front so the pure rule stays synchronous.
      const open = window.filter((d) => !(days[d] ?? CLOSED).closed);
      // In one read of the store, not one each (decision 479).
      const read = await currentStates(
        ports.eventStore,
        seatingLedger,
        open.map((d) => ledgerStream(store, d)),
      );
      const ledgers = new Map(open.map((d) => [d, read.get(ledgerStream(store, d))!] as const));
      const dates = availableDates({
        now,
        dayOf: (d) => days[d] ?? CLOSED,
        ledgerOf: (d) => ledgers.get(d) ?? seatingLedger.initialState(),
        seats,
        sameDay,
        menus,
        people: input.people,
      });
      const holidays = holidaysBetween(window[0]!, window.at(-1)!).map((h) => h.date);
      return { dates, holidays, closedDates: window.filter((d) => (days[d] ?? CLOSED).closed) };
    },

    /** Start times where the party fits, or the refusal of the date. */
    async availableTimes(
      input: { date: string; people: number; menuIds: readonly string[] } & StoreClaim,
    ): Promise<{ times: string[]; refusal: DateRefusal | null }> {
      const store = await storeId(input.storeId);
      const menus = await catalog.menus(store, input.menuIds);
      const [{ day, refusal }, seats, dayLedger] = await Promise.all([refusalOf(store, input.date, menus), catalog.seats(store), ledger(store, input.date)]);
      if (refusal) return { times: [], refusal };
      const times = availableTimes({
        date: input.date,
        now: ports.clock.now(),
        day,
        seats,
        ledger: dayLedger,
        people: input.people,
        courseMinutes: courseMinutesOf(menus),
      });
      return { times, refusal: null };
    },

    /** The spec's date checks for a chosen date, in its order; null when it may be chosen. */
    async checkDate(input: { date: string; menuIds: readonly string[] } & StoreClaim): Promise<DateRefusal | null> {
      const store = await storeId(input.storeId);
      return (await refusalOf(store, input.date, await catalog.menus(store, input.menuIds))).refusal;
    },

    async isClosed(date: string, claim: StoreClaim = {}): Promise<boolean> {
      const store = await storeId(claim.storeId);
      return ((await catalog.businessDays(store, [date]))[date] ?? CLOSED).closed;
    },

    /** The first date every course of the cart can still be booked for, and the instant it begins. */
    async deadline(menuIds: readonly string[], claim: StoreClaim = {}) {
      const store = await storeId(claim.storeId);
      const minDate = minimumDate(await catalog.menus(store, menuIds), ports.clock.now());
      return { minDate, minDateTime: tokyoInstant(minDate, 0).toISOString() };
    },
  };
}

export type AvailabilityService = ReturnType<typeof availabilityService>;
