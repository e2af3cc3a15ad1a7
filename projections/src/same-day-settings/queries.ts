import type { Kysely } from 'kysely';
import type { Database } from '../database';

/** The `/api/admin/same-day-settings` answer. */
export interface SameDaySettings {
  is_enabled: boolean;
  deadline_time: string | null;
}

/** A store that never saved settings takes no same-day reservations. */
export async function getSameDaySettings(db: Kysely<Database>, storeId: string): Promise<SameDaySettings> {
  const row = await db.selectFrom('same_day_settings').select(['is_enabled', 'deadline_time']).where('store_id', '=', storeId).executeTakeFirst();
  return row ?? { is_enabled: false, deadline_time: null };
}
