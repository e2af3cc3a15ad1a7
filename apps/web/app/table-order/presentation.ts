import { timeOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';

/** An instant as Tokyo clock time ('12:05'), the same on the server and in the browser. */
export function clockTime(iso: string): string {
  return timeOf(tokyoDateTime(new Date(iso)).minute);
}
