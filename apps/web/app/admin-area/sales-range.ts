import { z } from 'zod';
import { isDateRange, isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';

/** The longest range the sales screen and its exports take at once, in days. */
export const MAX_SALES_DAYS = 400;

/** `store_id`, `from`, `to` (both included) and `grain` of the sales screen and its CSV exports (decision 251). */
export const salesQuerySchema = z
  .object({
    store_id: recordIdSchema,
    from: isoDateSchema,
    to: isoDateSchema,
    grain: z.enum(['day', 'week', 'month']).default('day'),
    /** `all`: every store together (全店舗, decision 408); `store_id` stays the admin's chosen store. */
    scope: z.enum(['store', 'all']).default('store'),
  })
  .refine((q) => isDateRange(q.from, q.to, MAX_SALES_DAYS), { path: ['to'], message: 'range' });

export type SalesQuery = z.output<typeof salesQuerySchema>;

/** The read models' range of a sales query: the chosen store's, or every store's (null) for 全店舗. */
export function salesRangeOf(query: SalesQuery): { storeId: string | null; from: string; to: string } {
  return { storeId: query.scope === 'all' ? null : query.store_id, from: query.from, to: query.to };
}

/** The month so far: the default range of the sales screen. */
export function monthToDate(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}
