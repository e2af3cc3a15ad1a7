import { weekdayOf } from '@moncafe/domain/calendar/dates';
import { holidayOn } from '@moncafe/domain/calendar/holidays';
import { dayTypeOf, type DayType } from '@moncafe/domain/shift/rules';
import { staffTexts as t } from './texts';

/** How the staff screens show dates, times and links (pure, for the server render and the browser alike). */

/** `8/3（月）`, and the day's colour class (weekday, saturday, sunday, holiday) with the holiday's name. */
export function dayLabel(date: string): { label: string; type: DayType; holiday: string | null } {
  return { label: t.dateLabel(date, t.weekdays[weekdayOf(date)]!), type: dayTypeOf(date), holiday: holidayOn(date)?.name ?? null };
}

/** A stored time (`HH:MM` or `HH:MM:SS`) as `HH:mm`. */
export function hhmm(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : '';
}

/** An instant as Tokyo wall time, `YYYY/MM/DD HH:mm`, whatever the browser's zone. */
export function tokyoDateTimeLabel(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + 9 * 60 * 60 * 1000).toISOString();
  return `${shifted.slice(0, 4)}/${shifted.slice(5, 7)}/${shifted.slice(8, 10)} ${shifted.slice(11, 16)}`;
}

/** Spec §9: a purchase link is shown cut at 30 characters plus '…'. */
const LINK_DISPLAY_LENGTH = 30;
export function shortLink(url: string): string {
  const chars = [...url];
  return chars.length > LINK_DISPLAY_LENGTH ? `${chars.slice(0, LINK_DISPLAY_LENGTH).join('')}…` : url;
}

/** A value or the spec's '-' when empty. */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : t.empty;
}

/** Where a staff photo is served (GET /api/staff-photos/{id}). */
export function photoUrl(id: string): string {
  return `/api/staff-photos/${id}`;
}
