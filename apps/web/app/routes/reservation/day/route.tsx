import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFormat, useTexts } from '#app/i18n/language';
import { data, Link, useNavigate } from 'react-router';
import type { Route } from './+types/route';
import { addMonths, compareYearMonth, tokyoDateOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import type { YearMonth } from '@moncafe/domain/calendar/dates';
import { storeParamTitleMeta } from '#app/layout/store-title';
import { openStoreNames } from '#app/layout/store-title.server';
import { alertAllowed, callJson } from '#app/http/api-client';
import { useHydrated } from '#app/shared/hydrated';
import { STORE_PARAM, useFlowStore } from '#app/reservation/store-choice';
import { readDraft, writeDraft } from '#app/reservation/draft';
import { dayStateOf } from '#app/reservation/presentation';
import { reservationCart } from '#app/reservation/reservation-cart';
import { CartSummary } from '#app/reservation/reservation-summary';
import { readSession } from '#app/reservation/session';
import { useReservationSession } from '#app/reservation/use-reservation-session';
import { localizedReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';
import type { Answer as DatesAnswer } from '#app/routes/api/customery-day/available-dates/route';
import type { Answer as TimesAnswer } from '#app/routes/api/customery-day/available-times/route';
import type { Answer as CheckDateAnswer } from '#app/routes/api/customery-day/check-date/route';
import type { Answer as DeadlineAnswer } from '#app/routes/api/customery-day/deadline-hours/route';
import type { Answer as AllocateAnswer } from '#app/routes/api/customery-day/allocate-seat/route';
import type { Answer as OptionsAnswer } from '#app/routes/api/customer-detail/route';
import { dayKind, monthGrid } from '#app/shared/calendar-month';
import { MonthTable } from '#app/shared/month-table';
import { appOf } from '#app/context';
import { beginVisit, secureCookies } from '#app/http/reservation-session.server';

export const meta = storeParamTitleMeta(localizedReservationTexts, (t) => t.dayTitle, STORE_PARAM);
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

const PEOPLE = [1, 2, 3, 4, 5, 6];

/**
 * Opens the reservation session's visit of this screen: a signed cookie allocate-seat checks
 * (docs/decisions/050); answers the open stores' names for the title (decision 414) and today as
 * the server's clock has it, so the calendar starts on the day the server decides by, not on the
 * browser's (decision 585).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = appOf(context);
  const headers = new Headers();
  const now = runtime.clock.now();
  for (const cookie of beginVisit(request, { signing: runtime.signing, now, secure: secureCookies(runtime.config) })) headers.append('Set-Cookie', cookie);
  return data({ ...(await openStoreNames(context)), today: tokyoDateOf(now) }, { headers });
}

/**
 * /reservation/day (CustomeryDay): party size, a calendar of bookable dates (each day that cannot
 * be booked says why), times, and the seat hold. A reload within the session comes back to the
 * date and time chosen (decision 101).
 */
export default function ReservationDay({ loaderData }: Route.ComponentProps) {
  const t = useTexts(localizedReservationTexts);
  const format = useFormat();
  useReservationSession();
  const cart = reservationCart.useLines();
  const navigate = useNavigate();
  const store = useFlowStore();
  const { claim } = store;
  const menuIds = useMemo(() => cart.map((l) => l.menu_id), [cart]);
  const { today } = loaderData;
  const current = yearMonthOf(today);
  const [shown, setShown] = useState<YearMonth>(current);
  const [people, setPeople] = useState(() => readDraft().people);
  const [dates, setDates] = useState<Set<string>>(new Set());
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [holidays, setHolidays] = useState<Map<string, string>>(new Map());
  const [minDate, setMinDate] = useState(today);
  const [date, setDate] = useState<string | null>(null);
  const [times, setTimes] = useState<string[] | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Marks the screen interactive (after hydration), for people and tests alike.
  const ready = useHydrated();

  useEffect(() => {
    if (menuIds.length === 0) return;
    void callJson<DatesAnswer>('/api/customery-day/available-dates', { body: { people, menuIds, ...claim } }).then((r) => {
      if (!r.ok) {
        if (r.status === 502) window.alert(t.datesError);
        // A store that is not open (decision 406): the server's words, not an empty calendar without a reason.
        if (r.status === 404 && r.message) setMessage(r.message);
        setDates(new Set());
        return;
      }
      setDates(new Set(r.body.dates));
      setClosed(new Set(r.body.closedDates));
      setHolidays(new Map(r.body.holidays.map((d) => [d, ''])));
    });
  }, [people, menuIds, t, claim]);

  useEffect(() => {
    if (menuIds.length === 0) return;
    // The minimum date follows the cart; a failure falls back to today (customer-site.md §7).
    const timer = window.setTimeout(() => {
      void callJson<DeadlineAnswer>('/api/customery-day/deadline-hours', { body: { menuIds, ...claim } }).then((r) => {
        if (!r.ok && r.status === 502) window.alert(t.deadlineError);
        setMinDate(r.ok ? r.body.minDate : today);
      });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [menuIds, today, t, claim]);

  const chooseDate = useCallback(
    async (chosen: string) => {
      setDate(chosen);
      setTime(null);
      setTimes(null);
      setMessage(null);
      // Closing, then deadlines, then times: the spec's order, decided on the server's Tokyo clock.
      const check = await callJson<CheckDateAnswer>('/api/customery-day/check-date', { body: { date: chosen, menuIds, ...claim } });
      if (check.ok && !check.body.ok) {
        setMessage(check.body.message);
        setTimes([]);
        return;
      }
      const r = await callJson<TimesAnswer>('/api/customery-day/available-times', { body: { date: chosen, people, menuIds, ...claim } });
      if (!r.ok) {
        // At most once per 5 seconds (customer-site.md §8), however often dates are tapped.
        if (r.status === 502 && alertAllowed('times-502', 5_000)) window.alert(t.timesError);
        setTimes([]);
        return;
      }
      if (r.body.message) setMessage(r.body.message);
      setTimes(r.body.times);
    },
    [menuIds, people, t, claim],
  );

  // Back from a later step, or a reload: the date and time chosen are shown again (the seats stay held).
  const restored = useRef(false);
  useEffect(() => {
    const draft = readDraft();
    if (restored.current || !draft.date || menuIds.length === 0) return;
    restored.current = true;
    const { date: chosen, time: chosenTime } = draft;
    setShown(yearMonthOf(chosen));
    void chooseDate(chosen).then(() => {
      if (chosenTime) setTime(chosenTime);
    });
  }, [menuIds, chooseDate]);

  const chooseTime = async (chosen: string) => {
    if (!date) return;
    setBusy(true);
    const session = readSession();
    const r = await callJson<AllocateAnswer>('/api/customery-day/allocate-seat', {
      body: { date, time: chosen, people, menuIds, ...claim, ...(session ? { session_started_at: session.startedAt } : {}) },
    });
    setBusy(false);
    if (!r.ok) {
      // A burst of 429s alerts once until the error-shown flag resets (30 s).
      if (r.status !== 429 || r.notify) window.alert(r.message ?? t.allocateFailed);
      return;
    }
    if (!r.body.seat_ids.length) {
      window.alert(t.seatsFull);
      void chooseDate(date);
      return;
    }
    writeDraft({ people, date, time: chosen, seat_ids: r.body.seat_ids, storeId: store.storeId });
    setTime(chosen);
  };

  const next = async () => {
    setBusy(true);
    // Details only when some course in the cart asks for options; on error, straight to contact.
    const answers = await Promise.all(menuIds.map((menuId) => callJson<OptionsAnswer>('/api/customer-detail', { body: { menuId } })));
    setBusy(false);
    const hasOptions = answers.some((a) => a.ok && a.body.options.length > 0);
    void navigate(store.to(hasOptions ? '/reservation-details' : '/customer-information'));
  };

  const lastMonth = addMonths(current, 2);
  const weeks = monthGrid(shown, { closedDates: closed, holidays, today });

  return (
    <article className="page rsv-page" data-ready={ready}>
      <Link to={store.to('/reservation')} className="rsv-back">
        {t.backToMenu}
      </Link>
      <h1>{t.dayTitle}</h1>
      <CartSummary cart={cart} />
      <label className="rsv-field">
        {t.people}
        <select
          value={people}
          data-testid="people"
          onChange={(e) => {
            setPeople(Number(e.target.value));
            writeDraft({ people: Number(e.target.value) });
            setDate(null);
            setTimes(null);
            setTime(null);
          }}
        >
          {PEOPLE.map((n) => (
            <option key={n} value={n}>
              {t.peopleOption(n)}
            </option>
          ))}
        </select>
      </label>
      <section className="card calendar-card rsv-calendar">
        <div className="calendar-nav">
          <button type="button" disabled={compareYearMonth(shown, current) <= 0} onClick={() => setShown(addMonths(shown, -1))} aria-label={t.previousMonth}>
            ‹
          </button>
          <span className="calendar-month" data-testid="month">
            {t.monthTitle(shown.year, shown.month)}
          </span>
          <button type="button" disabled={compareYearMonth(shown, lastMonth) >= 0} onClick={() => setShown(addMonths(shown, 1))} aria-label={t.nextMonth}>
            ›
          </button>
        </div>
        <MonthTable
          weeks={weeks}
          weekdays={t.weekdays}
          cell={(day) => {
            const state = dayStateOf(day, { today, minDate, available: dates });
            const mark = state === 'closed' || state === 'full' || state === 'too_late' ? t.dayMarks[state] : null;
            return {
              className: [dayKind(day), state, date === day.date ? 'selected' : ''].join(' '),
              content: (
                // Named by its content (the date in words and why), so what is seen is what is heard.
                <button
                  type="button"
                  disabled={state === 'past' || state === 'closed'}
                  onClick={() => void chooseDate(day.date)}
                  aria-pressed={date === day.date}
                  data-available={state === 'available'}
                  data-state={state}
                >
                  <span className="day-number" aria-hidden="true">
                    {day.day}
                  </span>
                  {mark && (
                    <span className={state === 'closed' ? 'closed-mark' : 'day-mark'} aria-hidden="true">
                      {mark}
                    </span>
                  )}
                  <span className="visually-hidden">{`${format.date(day.date)} ${t.dayStates[state]}`}</span>
                </button>
              ),
            };
          }}
        />
        <details className="rsv-legend" open>
          <summary>{t.dayLegendTitle}</summary>
          <dl>
            {t.dayLegend.map((entry) => (
              <div key={entry.mark}>
                <dt>{entry.mark}</dt>
                <dd>{entry.text}</dd>
              </div>
            ))}
          </dl>
        </details>
      </section>
      {message && (
        <p className="rsv-message" role="alert" data-testid="date-message">
          {message}
        </p>
      )}
      {date && (
        <p className="rsv-chosen" data-testid="chosen-date">
          {t.chosenDay(format.date(date))}
        </p>
      )}
      {date && !times && !message && (
        <p role="status" data-testid="times-loading">
          {t.loading}
        </p>
      )}
      {date && times && (
        <section aria-label={t.chooseTime} aria-live="polite" aria-busy={busy}>
          <h2>{t.chooseTime}</h2>
          {times.length === 0 && !message ? <p className="empty">{t.noTimes}</p> : null}
          <div className="rsv-times" data-testid="times">
            {times.map((tm) => (
              <button key={tm} type="button" aria-pressed={time === tm} disabled={busy} onClick={() => void chooseTime(tm)}>
                {tm}
              </button>
            ))}
          </div>
        </section>
      )}
      {time && (
        <button type="button" className="button" disabled={busy} onClick={() => void next()}>
          {t.next}
        </button>
      )}
    </article>
  );
}
