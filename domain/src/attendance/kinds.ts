import { z } from 'zod';
import { kind, onePerStore, storeId } from '../catalog/kinds';

/**
 * A store's labour settings (decision 567), one per store (its record id is the store id), kept
 * beside its tax rule: the premium rates (the law's floor of 25% is the default and the least
 * allowed, 第37条), the prefecture's minimum wage that a wage below is warned about, and what a
 * phone's press from outside the store's fence does.
 */
export const labourSettingsSchema = z.object({
  store_id: storeId,
  late_night_premium_percent: z.int().min(25).max(100).default(25),
  overtime_premium_percent: z.int().min(25).max(100).default(25),
  /** 地域別最低賃金, yen an hour; null: not set, nothing is warned. */
  minimum_wage: z.int().min(1).max(10_000).nullable().default(null),
  /** `flag`: the press is recorded and marked for the owner; `refuse`: it is refused. */
  outside_fence: z.enum(['flag', 'refuse']).default('flag'),
});

export type LabourSettings = z.output<typeof labourSettingsSchema>;

export const defaultLabourSettings = (store: string): LabourSettings => labourSettingsSchema.parse({ store_id: store });

export const attendanceKinds = {
  labour: kind({ schema: labourSettingsSchema, recordId: onePerStore }),
};
