import { parseOrderEvent } from '../order/events';
import { DEFAULT_TAX_RULE, type TaxRule } from '../order/tax';
import type { EventStore } from '../ports';
import type { OptionSpec } from '../reservation/detail';
import type { BusinessDay } from '../seating/availability';
import type { StoreFence } from '../table/geofence';
import type { DayBooking } from '../table/next-booking';
import type { OrderableItem, TableCatalog } from '../table/ports';
import { seats, STORE } from './reservation-catalog';

/** The fixed store's fence: a point in Shinjuku, 100 m. */
export const FENCE: StoreFence = { latitude: 35.690921, longitude: 139.698414, radiusM: 100 };
/** A phone at the store. */
export const AT_STORE = { latitude: 35.690921, longitude: 139.698414, accuracy: 20 };
/** A phone 2 km away. */
export const FAR_AWAY = { latitude: 35.70892, longitude: 139.698414, accuracy: 20 };

/** Coffee (not counted), cake (counted by the test's stock), a hidden course. */
export const coffee: OrderableItem = { menuId: 'coffee', storeId: STORE, name: 'ブレンドコーヒー', price: 500, showOnOrder: true };
export const cake: OrderableItem = { menuId: 'cake', storeId: STORE, name: 'チーズケーキ', price: 520, showOnOrder: true };
export const course: OrderableItem = { menuId: 'course', storeId: STORE, name: 'ランチコース', price: 2200, showOnOrder: false, reservable: true };

/**
 * A fixed table catalog for unit tests: the fixed store's seats (reservation-catalog.ts), open
 * 10:00–20:00 every day, its fence, three menu items and a tax rule. With an event store, the
 * order index is read from its OrderPlaced events (what the read model would hold).
 */
export function fixedTableCatalog(
  overrides: Partial<{
    fence: StoreFence | null;
    day: BusinessDay;
    taxRule: TaxRule;
    items: OrderableItem[];
    eventStore: EventStore;
    options: OptionSpec[];
    bookings: DayBooking[];
  }> = {},
): TableCatalog {
  return {
    seat: async (seatId) => {
      const seat = seats.find((s) => s.id === seatId);
      return seat ? { id: seat.id, storeId: STORE, name: seat.name, maxPeople: seat.maxPeople, holdMinutes: seat.holdMinutes } : null;
    },
    seats: async () => seats,
    fence: async () => (overrides.fence === undefined ? FENCE : overrides.fence),
    businessDay: async () => overrides.day ?? { closed: false, openTime: '10:00', closeTime: '20:00' },
    menuItems: async (ids) => (overrides.items ?? [coffee, cake, course]).filter((m) => ids.includes(m.menuId)),
    taxRule: async () => overrides.taxRule ?? DEFAULT_TAX_RULE,
    courseOptions: async (ids) => (overrides.options ?? []).filter((o) => ids.includes(o.menuId)),
    dayBookings: async () => overrides.bookings ?? [],
    orderIdsOf: async (reservationId) => {
      const all = overrides.eventStore ? await overrides.eventStore.readAll() : [];
      return all.flatMap((e) => {
        const event = parseOrderEvent(e);
        return event?.type === 'OrderPlaced' && event.data.reservationId === reservationId ? [event.data.orderId] : [];
      });
    },
  };
}
