import { addMonths, formatYearMonth, monthRange, tokyoDateOf, yearMonthOf, type YearMonth } from '@moncafe/domain/calendar/dates';
import { holidaysBetween } from '@moncafe/domain/calendar/holidays';
import type { Queries } from '@moncafe/projections/queries';
import type { CalendarData } from './calendar-card';

/**
 * The homepage's data: its cards, and the calendar facts for the only two months the calendar
 * card may show (this month and the next). Holidays are looked up here on the server, so the
 * holiday table never ships to the browser. A store's card (decision 456) shows while its store
 * is open, named by the store where several are open; a store's calendar card shows that
 * store's closed days, the site's the first store's.
 */
export async function homeData(queries: Queries, now: Date) {
  const today = tokyoDateOf(now);
  const current = yearMonthOf(today);
  const months = [current, addMonths(current, 1)];
  const [allCards, open] = await Promise.all([queries.homepageCards.list({ activeOnly: true }), queries.stores.list()]);
  const names = new Map(open.map((s) => [s.store_id, s.name]));
  // The site's calendar shows the first store's days: where several are open, it says so too.
  const storeNameOf = (card: { store_id: string | null; card_type: string }) =>
    card.store_id !== null ? names.get(card.store_id)! : card.card_type === 'calendar' ? (open[0]?.name ?? null) : null;
  const cards = allCards
    .filter((card) => card.store_id === null || names.has(card.store_id))
    .map((card) => ({ ...card, store_name: names.size > 1 ? storeNameOf(card) : null }));
  const calendarStores = [...new Set(cards.filter((c) => c.card_type === 'calendar').map((c) => c.store_id ?? ''))];
  const [stores, ...calendars] = await Promise.all([
    storeList(queries, open, today),
    ...calendarStores.map((store) => calendarData(queries, today, months, store || null)),
  ]);
  return { cards, calendars: Object.fromEntries(calendarStores.map((store, i) => [store, calendars[i]!])), stores };
}

/**
 * The open stores with today's hours, for the guest to choose one (decision 406). Only shown where
 * there are several: with one store the homepage is the spec's, word for word.
 */
async function storeList(queries: Queries, stores: Awaited<ReturnType<Queries['stores']['list']>>, today: string) {
  if (stores.length < 2) return [];
  return Promise.all(
    stores.map(async (s) => {
      const day = (await queries.businessHours.days({ storeId: s.store_id, start: today, end: today }))?.[today];
      const hours = day && !day.is_closed && day.open_time && day.close_time ? { open: day.open_time, close: day.close_time } : null;
      return { store_id: s.store_id, name: s.name, postal_code: s.postal_code, address: s.address, phone: s.phone, hours };
    }),
  );
}

/** A store's closed days (null: the first store's) in `months`, with the holidays. */
async function calendarData(queries: Queries, today: string, months: YearMonth[], storeId: string | null): Promise<CalendarData> {
  const result: CalendarData = { today, months: {} };
  for (const ym of months) {
    const { start, end } = monthRange(ym);
    // Null only for a store named and missing, which an open store never is.
    const days = (await queries.businessHours.days({ storeId, start, end })) ?? {};
    result.months[formatYearMonth(ym)] = {
      closedDates: Object.values(days)
        .filter((day) => day.is_closed)
        .map((day) => day.date),
      holidays: holidaysBetween(start, end).map((h) => [h.date, h.name]),
    };
  }
  return result;
}
