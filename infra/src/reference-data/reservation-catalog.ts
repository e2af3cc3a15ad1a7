import type { ReservationCatalog } from '@moncafe/domain/reservation/ports';
import type { ReferenceDataCache } from './cache';

/**
 * The booking's reference data through the cache: every seat attempt needs the store, its
 * seats, the day's hours, the cart's menus and the same-day settings, and none of them changes
 * without a catalog event. Values are shared between callers: treat them as read-only.
 */
export function cachedReservationCatalog(inner: ReservationCatalog, cache: ReferenceDataCache): ReservationCatalog {
  // In the caller's order: some answers follow it (the options' dependencies).
  const ids = (menuIds: readonly string[]) => menuIds.join(',');
  return {
    defaultStoreId: () => cache.get('reservation:default-store', () => inner.defaultStoreId()),
    storeName: (storeId) => cache.get(`reservation:store-name:${storeId}`, () => inner.storeName(storeId)),
    storeContact: (storeId) => cache.get(`reservation:store-contact:${storeId}`, () => inner.storeContact(storeId)),
    storeOpen: (storeId) => cache.get(`reservation:store-open:${storeId}`, () => inner.storeOpen(storeId)),
    seats: (storeId) => cache.get(`reservation:seats:${storeId}`, () => inner.seats(storeId)),
    businessDays: (storeId, dates) => cache.get(`reservation:days:${storeId}:${dates.join(',')}`, () => inner.businessDays(storeId, dates)),
    menus: (storeId, menuIds) => cache.get(`reservation:menus:${storeId}:${ids(menuIds)}`, () => inner.menus(storeId, menuIds)),
    courses: (menuIds) => cache.get(`reservation:courses:${ids(menuIds)}`, () => inner.courses(menuIds)),
    options: (menuIds) => cache.get(`reservation:options:${ids(menuIds)}`, () => inner.options(menuIds)),
    sameDaySettings: (storeId) => cache.get(`reservation:same-day:${storeId}`, () => inner.sameDaySettings(storeId)),
    notices: (storeId) => cache.get(`reservation:notices:${storeId}`, () => inner.notices(storeId)),
    taxRule: (storeId) => cache.get(`reservation:tax:${storeId}`, () => inner.taxRule(storeId)),
  };
}
