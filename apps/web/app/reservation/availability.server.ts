import { holidaysBetween } from '@moncafe/domain/calendar/holidays';
import type { BookingFlow } from '@moncafe/domain/reservation/booking-flow';
import { availableDates, availableTimes, bookingWindow, checkDate, courseMinutesOf, minimumDate, type BusinessDay } from '@moncafe/domain/seating/availability';
import { tokyoInstant } from '@moncafe/domain/seating/business-time';
import type { Runtime } from '@moncafe/infra/runtime';

/**
 * The day screen's calls over the pure availability rules: reference data from the catalog's
 * read models, holds and bookings from the day's seating ledger itself (the source of truth,
 * so a released seat is offered again the moment it is released).
 */
const CLOSED: BusinessDay = { closed: true, openTime: null, closeTime: null };

export async function datesFor(runtime: Runtime, flow: BookingFlow, input: { people: number; menuIds: readonly string[] }) {
  const catalog = runtime.reservationCatalog;
  const store = await flow.storeId();
  const now = runtime.clock.now();
  const window = bookingWindow(now);
  const [days, seats, sameDay, menus] = await Promise.all([
    catalog.businessDays(store, window),
    catalog.seats(store),
    catalog.sameDaySettings(store),
    catalog.menus(store, input.menuIds),
  ]);
  // Only open days need their ledger; read them up front so the pure rule stays synchronous.
  const open = window.filter((d) => !(days[d] ?? CLOSED).closed);
  const ledgers = new Map(await Promise.all(open.map(async (d) => [d, await flow.ledger(store, d)] as const)));
  const dates = availableDates({
    now,
    dayOf: (d) => days[d] ?? CLOSED,
    ledgerOf: (d) => ledgers.get(d) ?? { holds: {}, bookings: {} },
    seats,
    sameDay,
    menus,
    people: input.people,
  });
  const holidays = holidaysBetween(window[0]!, window.at(-1)!).map((h) => h.date);
  const closedDates = window.filter((d) => (days[d] ?? CLOSED).closed);
  return { dates, holidays, closedDates };
}

export async function timesFor(runtime: Runtime, flow: BookingFlow, input: { date: string; people: number; menuIds: readonly string[] }) {
  const catalog = runtime.reservationCatalog;
  const store = await flow.storeId();
  const now = runtime.clock.now();
  const [days, seats, menus, sameDay, ledger] = await Promise.all([
    catalog.businessDays(store, [input.date]),
    catalog.seats(store),
    catalog.menus(store, input.menuIds),
    catalog.sameDaySettings(store),
    flow.ledger(store, input.date),
  ]);
  const day = days[input.date] ?? CLOSED;
  const refusal = checkDate({ date: input.date, now, day, sameDay, menus });
  if (refusal) return { times: [], refusal };
  return { times: availableTimes({ date: input.date, now, day, seats, ledger, people: input.people, courseMinutes: courseMinutesOf(menus) }), refusal: null };
}

export async function isClosed(runtime: Runtime, flow: BookingFlow, date: string) {
  const store = await flow.storeId();
  const days = await runtime.reservationCatalog.businessDays(store, [date]);
  return (days[date] ?? CLOSED).closed;
}

export async function deadlineFor(runtime: Runtime, flow: BookingFlow, menuIds: readonly string[]) {
  const store = await flow.storeId();
  const menus = await runtime.reservationCatalog.menus(store, menuIds);
  const minDate = minimumDate(menus, runtime.clock.now());
  return { minDate, minDateTime: tokyoInstant(minDate, 0).toISOString() };
}

/** All checks the day screen makes when a date is chosen, in the spec's order. */
export async function checkChosenDate(runtime: Runtime, flow: BookingFlow, input: { date: string; menuIds: readonly string[] }) {
  const catalog = runtime.reservationCatalog;
  const store = await flow.storeId();
  const [days, sameDay, menus] = await Promise.all([
    catalog.businessDays(store, [input.date]),
    catalog.sameDaySettings(store),
    catalog.menus(store, input.menuIds),
  ]);
  return checkDate({ date: input.date, now: runtime.clock.now(), day: days[input.date] ?? CLOSED, sameDay, menus });
}
