import type { ReservationCatalog } from '@moncafe/domain/reservation/booking-flow';
import type { ReferenceDataCache } from './cache';

/**
 * The booking's reference data through the cache: every seat attempt needs the store, its
 * seats, the day's hours, the cart's menus and the same-day settings, and none of them changes
 * without a catalog event. Values are shared between callers: treat them as read-only.
 */
export function cachedReservationCatalog(inner: ReservationCatalog, cache: ReferenceDataCache): ReservationCatalog {
  return {
    defaultStoreId: () => cache.get('reservation:default-store', () => inner.defaultStoreId()),
    seats: (storeId) => cache.get(`reservation:seats:${storeId}`, () => inner.seats(storeId)),
    businessDays: (storeId, dates) => cache.get(`reservation:days:${storeId}:${dates.join(',')}`, () => inner.businessDays(storeId, dates)),
    menus: (storeId, menuIds) => cache.get(`reservation:menus:${storeId}:${[...menuIds].sort().join(',')}`, () => inner.menus(storeId, menuIds)),
    sameDaySettings: (storeId) => cache.get(`reservation:same-day:${storeId}`, () => inner.sameDaySettings(storeId)),
  };
}
