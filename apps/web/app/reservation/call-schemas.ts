import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';

/**
 * Request pieces the reservation calls share (customer-site.md §7, §9). Dates and times are the
 * domain's one pair of schemas; the rest is how the spec's calls send them.
 */
export const dateSchema = isoDateSchema;
export const timeSchema = timeOfDaySchema;
/** Party size 1 to 6 (§9); the spec's screens send it as a number or a numeric string. */
export const peopleSchema = z.coerce.number().int().min(1).max(6);
/**
 * The store the guest chose (`?store=` of the flow's pages), a claim the booking service checks
 * (decision 406); absent, the first open store.
 */
export const storeClaimSchema = z.coerce.string().min(1).max(120).optional();
export const menuIdsSchema = z.array(z.coerce.string().max(120)).max(50).default([]);

/** Three digit-only parts of at most 4 digits, with at least 2, 3 and 4 digits (customer-site.md §5). */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\d{2,4}-\d{3,4}-\d{4}$/, '電話番号は 2〜4桁-3〜4桁-4桁 で入力してください');
