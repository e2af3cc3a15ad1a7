import { describe, expect, it } from 'vitest';
import { addDays, addMonths, datesBetween, minutesOf, tokyoDateOf, tokyoDateTime, weekdayOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { isHoliday } from '@moncafe/domain/calendar/holidays';
import { minimumDate } from '@moncafe/domain/seating/availability';
import { dayStateOf } from '../../apps/web/app/reservation/presentation';
import { monthGrid } from '../../apps/web/app/shared/calendar-month';
import { bothOpenTarget, openHoursTarget } from './table-order';
import { AWKWARD_INSTANTS, ordinaryInstant } from './test-days';

/**
 * The browser tier's date-sensitive choices, made at awkward instants instead of only at the one
 * a suite happens to run at (decision 585): where a test server's clock starts, where the
 * table-order suites move it to open hours, and the reservation suite's premise that the day
 * screen marks a day too soon for the birthday course before the first bookable one.
 */

/** The demo store's hours (demo/src/demo-data.ts): 10:00–20:00, closed on Wednesdays, 10:00–18:00 on holidays, shut at the year's end. */
function demoHours(date: string) {
  const shut = /-(12-31|01-0[123])$/.test(date) || weekdayOf(date) === 3;
  if (shut) return { is_closed: true, open_time: null, close_time: null };
  return { is_closed: false, open_time: '10:00', close_time: isHoliday(date) ? '18:00' : '20:00' };
}
/** The second demo store closes on Mondays instead. */
const secondStoreHours = (date: string) => ({ is_closed: weekdayOf(date) === 1 || demoHours(date).is_closed });
const hoursFor = (hours: (date: string) => { is_closed: boolean }, now: Date) => {
  const today = tokyoDateOf(now);
  return Object.fromEntries(datesBetween(today, addDays(today, 20)).map((d) => [d, hours(d)]));
};

const BIRTHDAY = { menuId: 'course-birthday', name: 'バースデーケーキコース', deadlineDaysBefore: 3, deadlineTime: '18:00', durationMinutes: null };

const instants = Object.entries(AWKWARD_INSTANTS);

describe('the instant a test server starts at', () => {
  it.each(instants)('after %s, is 12:00 Tokyo on a Tuesday between the 8th and the 21st, not a holiday, within six weeks', (_name, from) => {
    const start = ordinaryInstant(from);
    const { date, minute } = tokyoDateTime(start);
    expect(minute).toBe(12 * 60);
    expect(weekdayOf(date)).toBe(2);
    expect(Number(date.slice(8))).toBeGreaterThanOrEqual(8);
    expect(Number(date.slice(8))).toBeLessThanOrEqual(21);
    expect(isHoliday(date)).toBe(false);
    expect(start.getTime()).toBeGreaterThan(from.getTime());
    expect(start.getTime() - from.getTime()).toBeLessThan(42 * 86_400_000);
  });
});

describe('moving a server to open hours', () => {
  it.each(instants)('from %s, lands inside the demo hours, at least the margin before closing, never back in time', (_name, now) => {
    const days = hoursFor(demoHours, now);
    for (const sameDayBookable of [false, true]) {
      const { date, at } = openHoursTarget(now, days, 120, { sameDayBookable });
      const landed = tokyoDateTime(at);
      const hours = demoHours(date);
      expect(landed.date).toBe(date);
      expect(hours.is_closed).toBe(false);
      expect(at.getTime()).toBeGreaterThanOrEqual(now.getTime());
      expect(landed.minute).toBeGreaterThanOrEqual(minutesOf(hours.open_time!));
      expect(landed.minute + 120).toBeLessThan(minutesOf(hours.close_time!));
      // Before the demo's same-day booking deadline (15:00), so the day's later times can be booked.
      if (sameDayBookable) expect(landed.minute).toBe(12 * 60);
    }
  });

  it.each(instants)('from %s, finds a day both demo stores are open, ahead of now', (_name, now) => {
    const { date, at } = bothOpenTarget(now, hoursFor(demoHours, now), hoursFor(secondStoreHours, now));
    expect(demoHours(date).is_closed || secondStoreHours(date).is_closed).toBe(false);
    expect(at.getTime()).toBeGreaterThan(now.getTime());
  });
});

describe("the reservation suite's day screen", () => {
  /** The months the suite looks through: the one the screen opens on and the two after it. */
  function screenAt(now: Date) {
    const today = tokyoDateOf(now);
    const minDate = minimumDate([BIRTHDAY], now);
    // The course's bookable days, as the server answers them: open, not before the deadline's first date.
    const available = new Set(datesBetween(minDate, addDays(today, 120)).filter((d) => !demoHours(d).is_closed));
    const closedDates = new Set(datesBetween(today, addDays(today, 120)).filter((d) => demoHours(d).is_closed));
    const months = [0, 1, 2].map((n) => addMonths(yearMonthOf(today), n));
    const states = (facts: { minDate: string; available: ReadonlySet<string> }) =>
      months.map((ym) =>
        monthGrid(ym, { closedDates, holidays: new Map(), today })
          .flat()
          .filter((day) => day !== null)
          .map((day) => ({ date: day.date, state: dayStateOf(day, { today, ...facts }) })),
      );
    return { today, minDate, available: [...available].sort(), states };
  }

  const tooSoonAt = (now: Date) => {
    const { states, minDate } = screenAt(now);
    return states({ minDate, available: new Set() })
      .flat()
      .filter((d) => d.state === 'too_late' && d.date < minDate);
  };

  it.each(instants)('at the server start after %s, marks a day too soon for the course within the three months the suite looks at', (_name, at) => {
    expect(tooSoonAt(ordinaryInstant(at)).length).toBeGreaterThan(0);
  });

  it("on the year's last day itself marks none (every day before the course's first is shut): why a server never starts on the real date", () => {
    expect(tooSoonAt(AWKWARD_INSTANTS.monthsLastDay)).toEqual([]);
  });

  it('at the server start, marks today too soon before the deadline answer arrives, so the suite never counts an unfinished calendar as empty', () => {
    const now = ordinaryInstant(AWKWARD_INSTANTS.closedDayMorning);
    const { today, states } = screenAt(now);
    // Before the deadline call answers, the screen's minimum date is today itself.
    const first = states({ minDate: today, available: new Set() })[0]!;
    expect(first.find((d) => d.date === today)?.state).toBe('too_late');
  });

  it.each(instants)('at %s, the second bookable day for the course lies within the three months the suite moves through', (_name, now) => {
    const { available, states } = screenAt(now);
    const chosen = available[1] ?? available[0]!;
    const shown = states({ minDate: minimumDate([BIRTHDAY], now), available: new Set(available) }).flat();
    expect(shown.find((d) => d.date === chosen)?.state).toBe('available');
  });
});
