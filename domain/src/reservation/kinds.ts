import { z } from 'zod';
import { kind, onePerStore, storeId } from '../catalog/kinds';
import { timeOfDaySchema } from '../calendar/date-schemas';

/** The reservation context's reference data, registered with the catalog (catalog/registry.ts). */

export const sameDaySettingsSchema = z.object({
  store_id: storeId,
  is_enabled: z.boolean(),
  /** Same-day bookings close at this time; null means until closing time. */
  deadline_time: timeOfDaySchema.nullable().default(null),
});

export type SameDaySettingsData = z.output<typeof sameDaySettingsSchema>;

export const reservationKinds = {
  'same-day-settings': kind({ schema: sameDaySettingsSchema, recordId: onePerStore }),
};
