import type { StoreFence } from '../table/geofence';
import type { LabourSettings } from './kinds';

/** What the attendance service asks of the read side (projections/src/attendance, stores). */
export interface AttendanceDirectory {
  /** The store's labour settings, or the defaults until an admin saves them. */
  settingsOf(storeId: string): Promise<LabourSettings>;
  /** The store's fence, the same one the seat check-in uses; null while it has no coordinates. */
  fence(storeId: string): Promise<StoreFence | null>;
}
