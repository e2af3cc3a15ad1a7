import { addMonths, formatYearMonth, monthRange, tokyoDateOf, yearMonthOf, type YearMonth } from '@moncafe/domain/calendar/dates';
import { holidaysBetween } from '@moncafe/domain/calendar/holidays';
import type { Queries } from '@moncafe/projections/queries';
import type { CalendarData } from './calendar-card';

/**
 * The homepage's data: its cards, and the calendar facts for the only two months the calendar
 * card may show (this month and the next). Holidays are looked up here on the server, so the
 * holiday table never ships to the browser.
 */
export async function homeData(queries: Queries, now: Date) {
  const today = tokyoDateOf(now);
  const current = yearMonthOf(today);
  const [cards, calendar, stores] = await Promise.all([
    queries.homepageCards.list({ activeOnly: true }),
    calendarData(queries, today, [current, addMonths(current, 1)]),
    storeList(queries, today),
  ]);
  return { cards, calendar, stores };
}

/**
 * The open stores with today's hours, for the guest to choose one (decision 406). Only shown where
 * there are several: with one store the homepage is the spec's, word for word.
 */
async function storeList(queries: Queries, today: string) {
  const stores = await queries.stores.list();
  if (stores.length < 2) return [];
  return Promise.all(
    stores.map(async (s) => {
      const day = (await queries.businessHours.days({ storeId: s.store_id, start: today, end: today }))?.[today];
      const hours = day && !day.is_closed && day.open_time && day.close_time ? { open: day.open_time, close: day.close_time } : null;
      return { store_id: s.store_id, name: s.name, postal_code: s.postal_code, address: s.address, phone: s.phone, hours };
    }),
  );
}

async function calendarData(queries: Queries, today: string, months: YearMonth[]): Promise<CalendarData> {
  const result: CalendarData = { today, months: {} };
  for (const ym of months) {
    const { start, end } = monthRange(ym);
    // The default store's days (null only for a store named and missing, which this never does).
    const days = (await queries.businessHours.days({ storeId: null, start, end })) ?? {};
    result.months[formatYearMonth(ym)] = {
      closedDates: Object.values(days)
        .filter((day) => day.is_closed)
        .map((day) => day.date),
      holidays: holidaysBetween(start, end).map((h) => [h.date, h.name]),
    };
  }
  return result;
}
