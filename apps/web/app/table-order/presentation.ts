import { timeOf, tokyoDateTime } from '@moncafe/domain/calendar/dates';
import type { Language } from '#app/i18n/language';

/** An instant as Tokyo clock time ('12:05'), the same on the server and in the browser. */
export function clockTime(iso: string): string {
  return timeOf(tokyoDateTime(new Date(iso)).minute);
}

/** A menu item's name as a reader of `language` sees it (decision 362): its English name where given, else the Japanese. */
export function menuNameIn(item: { name: string; name_en?: string }, language: Language): string {
  return language === 'en' && item.name_en ? item.name_en : item.name;
}
