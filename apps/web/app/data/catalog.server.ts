import type { Kysely } from 'kysely';
import type { Database } from '@moncafe/projections/database';
import { businessHoursBetween } from '@moncafe/projections/business-hours/queries';
import type { BusinessDay } from '@moncafe/projections/business-hours/queries';
import { getStore, listStores } from '@moncafe/projections/stores/queries';
import type { Place } from '../routes/access/maps-link';

/**
 * What the public screens need beyond the read models' own queries: which store a call means
 * when it names none, and where the store is.
 */

/**
 * The customer site is one cafe's site: calls that name no store mean the first store in
 * display order. Null when no store exists yet.
 */
export async function defaultStoreId(db: Kysely<Database>): Promise<string | null> {
  const [first] = await listStores(db);
  return first?.store_id ?? null;
}

export class UnknownStoreError extends Error {
  constructor(readonly storeId: string) {
    super(`no store ${storeId}`);
    this.name = 'UnknownStoreError';
  }
}

/**
 * Business days from `start` to `end` (both included) keyed by date. With no store at all the
 * map is empty (the calendar shows no closed days rather than a month of 休).
 */
export async function businessDays(
  db: Kysely<Database>,
  range: { storeId: string | null; start: string; end: string },
): Promise<Record<string, BusinessDay & { date: string }>> {
  let storeId = range.storeId;
  if (storeId === null) storeId = await defaultStoreId(db);
  else if (!(await getStore(db, storeId))) throw new UnknownStoreError(storeId);
  if (storeId === null) return {};
  const days = await businessHoursBetween(db, storeId, range.start, range.end);
  return Object.fromEntries(Object.entries(days).map(([date, day]) => [date, { date, ...day }]));
}

/**
 * Where the cafe is, for /access. The store record has no coordinates yet, so they are fixed
 * here (the spec's access page uses a fixed address and coordinates); name and address come
 * from the first store when there is one.
 */
export const fallbackPlace: Place & { accessNote: string | null } = {
  name: 'MonCafe',
  address: '東京都千代田区丸の内1丁目 駅前地下',
  latitude: 35.681236,
  longitude: 139.767125,
  accessNote: null,
};

export async function firstStorePlace(db: Kysely<Database>): Promise<Place & { accessNote: string | null }> {
  const [store] = await listStores(db);
  if (!store) return fallbackPlace;
  return { ...fallbackPlace, name: store.name, address: store.address, accessNote: store.access_note };
}
