import { useId, useMemo, useState } from 'react';
import { addMonths, formatYearMonth, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { dayKind, monthGrid, monthNavigation } from '#app/shared/calendar-month';
import { MonthTable } from '#app/shared/month-table';
import { useTexts } from '#app/i18n/language';
import { CardStore } from './link-card';
import { localizedHomeTexts } from './texts';

/** What the loader sends for the calendar: facts for the current and the next month only. */
export interface CalendarData {
  today: string;
  /** Keyed by YYYY-MM. */
  months: Record<string, { closedDates: string[]; holidays: [date: string, name: string][] }>;
}

/**
 * The card's title and legend are the store's words in the page's language (`cardWordsIn`); the
 * marks the legend explains (休) are the calendar's own, so where the store wrote no English the
 * calendar's own English title and legend show (decision 394).
 */
export function CalendarCard({ calendar, title, description, store }: { calendar: CalendarData; title: string; description: string; store?: string | null }) {
  const homeTexts = useTexts(localizedHomeTexts);
  // Each store may have a calendar of its own on the page.
  const titleId = useId();
  const current = yearMonthOf(calendar.today);
  const [shown, setShown] = useState(current);
  const { canGoPrevious, canGoNext } = monthNavigation(shown, current);
  const facts = calendar.months[formatYearMonth(shown)];
  const weeks = useMemo(
    () =>
      monthGrid(shown, {
        closedDates: new Set(facts?.closedDates ?? []),
        holidays: new Map(facts?.holidays ?? []),
        today: calendar.today,
      }),
    [shown, facts, calendar.today],
  );

  return (
    <section className="card calendar-card" aria-labelledby={titleId} data-testid="calendar-card">
      <CardStore name={store} />
      <h2 id={titleId} className="card-title">
        {title || homeTexts.calendarTitle}
      </h2>
      <div className="calendar-nav">
        <button type="button" onClick={() => setShown(addMonths(shown, -1))} disabled={!canGoPrevious} aria-label={homeTexts.previousMonth}>
          ‹
        </button>
        <span className="calendar-month" aria-live="polite" data-testid="calendar-month">
          {homeTexts.calendarMonth(shown.year, shown.month)}
        </span>
        <button type="button" onClick={() => setShown(addMonths(shown, 1))} disabled={!canGoNext} aria-label={homeTexts.nextMonth}>
          ›
        </button>
      </div>
      <MonthTable
        weeks={weeks}
        weekdays={homeTexts.weekdays}
        cell={(day) => ({
          className: [dayKind(day), day.isClosed ? 'closed' : '', day.isToday ? 'today' : ''].filter(Boolean).join(' '),
          attributes: { title: day.holidayName ? homeTexts.holiday(day.holidayName) : undefined, 'aria-current': day.isToday ? 'date' : undefined },
          content: (
            <>
              <span className="day-number">{day.day}</span>
              {day.isClosed && <span className="closed-mark">{homeTexts.closed}</span>}
            </>
          ),
        })}
      />
      <p className="calendar-legend">{description || homeTexts.closedLegend}</p>
    </section>
  );
}
