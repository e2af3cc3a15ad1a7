import type { RecruitTimes } from './rules';

/** What the shift service asks of the read side (projections/src/store-staff and shifts). */
export interface ShiftDirectory {
  /** The store's recruit times (the defaults until an admin sets them). */
  recruitTimes(storeId: string): Promise<RecruitTimes>;
  /** Who submitted wishes for a month at a store. */
  submittersOf(storeId: string, month: string): Promise<string[]>;
}
