import { z } from 'zod';
import { catalogRule, displayOrder, kind, onePerStore, recordIdSchema, storeId } from '../catalog/kinds';
import { timeOfDaySchema } from '../calendar/date-schemas';

/** The shift context's reference data (decisions 081–085), registered with the catalog (catalog/registry.ts). */

/**
 * When a store takes shifts: the first and last time a shift may start or end on weekdays and on
 * weekends (Saturday, Sunday and public holidays), and the step of the time lists. One per store:
 * its record id is the store id.
 */
export const recruitTimesSchema = z
  .object({
    store_id: storeId,
    weekday_start: timeOfDaySchema.default('10:00'),
    weekday_end: timeOfDaySchema.default('20:00'),
    weekend_start: timeOfDaySchema.default('10:00'),
    weekend_end: timeOfDaySchema.default('20:00'),
    /** Spec §9: 30 minutes by default. */
    interval_minutes: z.int().min(5).max(120).default(30),
  })
  // A rule's code, never words of its own: the web says it in the owner's language beside the end field.
  .refine((r) => r.weekday_start < r.weekday_end, catalogRule('end_after_start', 'weekday_end'))
  .refine((r) => r.weekend_start < r.weekend_end, catalogRule('end_after_start', 'weekend_end'));

/** An account working at a store, with its hourly wage in yen (shown to admins only). Record id: `{store_id}:{account_id}`. */
export const storeStaffSchema = z.object({
  store_id: storeId,
  account_id: recordIdSchema,
  wage: z.int().min(0).max(100_000).nullable().default(null),
  display_order: displayOrder,
});

/** `{store_id}:{account_id}`: one record per person and store. */
export function storeStaffRecordId(staff: { store_id: string; account_id: string }): string {
  return `${staff.store_id}:${staff.account_id}`;
}

export type RecruitTimesData = z.output<typeof recruitTimesSchema>;
export type StoreStaffData = z.output<typeof storeStaffSchema>;

export const shiftKinds = {
  'recruit-times': kind({ schema: recruitTimesSchema, recordId: onePerStore }),
  'store-staff': kind({ schema: storeStaffSchema, recordId: storeStaffRecordId }),
};
