/**
 * Opening-hour rules of each store: per weekday (0 = Sunday), for public holidays, and
 * overrides for single dates. Dates and times are plain `YYYY-MM-DD` and `HH:MM` text, so
 * no time zone can shift them.
 */
export interface BusinessHoursTables {
  business_hours: {
    id: string;
    store_id: string;
    rule: 'weekday' | 'holiday' | 'date';
    weekday: number | null;
    date: string | null;
    open_time: string | null;
    close_time: string | null;
    is_closed: boolean;
  };
}
