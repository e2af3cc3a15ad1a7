import type { Kysely } from 'kysely';
import { holidaysBetween } from '@moncafe/domain/calendar/holidays';
import type { Database } from '@moncafe/projections/database';
import { addMonths, formatYearMonth, monthRange, tokyoDateOf, yearMonthOf } from '../../calendar/business-date';
import { listHomepageCards } from '@moncafe/projections/homepage-cards/queries';
import { businessDays } from '../../data/catalog.server';
import type { CalendarData } from './calendar-card';

/**
 * The homepage's data: its cards, and the calendar facts for the only two months the calendar
 * card may show (this month and the next). Holidays are looked up here on the server, so the
 * holiday table never ships to the browser.
 */
export async function homeData(db: Kysely<Database>, now: Date) {
  const today = tokyoDateOf(now);
  const current = yearMonthOf(today);
  const [cards, calendar] = await Promise.all([listHomepageCards(db, { activeOnly: true }), calendarData(db, today, [current, addMonths(current, 1)])]);
  return { cards, calendar };
}

async function calendarData(db: Kysely<Database>, today: string, months: { year: number; month: number }[]): Promise<CalendarData> {
  const result: CalendarData = { today, months: {} };
  for (const ym of months) {
    const { start, end } = monthRange(ym);
    const days = await businessDays(db, { storeId: null, start, end });
    result.months[formatYearMonth(ym)] = {
      closedDates: Object.values(days)
        .filter((day) => day.is_closed)
        .map((day) => day.date),
      holidays: holidaysBetween(start, end).map((h) => [h.date, h.name]),
    };
  }
  return result;
}
