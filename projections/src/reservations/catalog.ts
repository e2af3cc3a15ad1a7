import type { Kysely } from 'kysely';
import type { ReservationCatalog } from '@moncafe/domain/reservation/booking-flow';
import { businessHoursForDates } from '../business-hours/queries';
import type { Database } from '../database';
import { listMenuItems } from '../menus/queries';
import { getSameDaySettings } from '../same-day-settings/queries';
import { listSeats, seatNeighbours } from '../seats/queries';
import { listStores } from '../stores/queries';

/**
 * The reference data the booking flow decides with, read from the catalog's read models.
 * The public site books the first store (the spec's calls carry no store id).
 */
export function catalogForReservations(db: Kysely<Database>): ReservationCatalog {
  return {
    async defaultStoreId() {
      return (await listStores(db))[0]?.store_id ?? null;
    },
    async seats(storeId) {
      const rows = (await listSeats(db, storeId)).filter((s) => s.is_reservable);
      const neighbours = seatNeighbours(rows);
      return rows.map((s) => ({
        id: s.id,
        name: s.name,
        maxPeople: s.max_people,
        holdMinutes: s.reservation_hold_minutes,
        adjacentSeatIds: neighbours[s.id] ?? [],
      }));
    },
    async businessDays(storeId, dates) {
      const days = await businessHoursForDates(db, storeId, dates);
      return Object.fromEntries(Object.entries(days).map(([date, d]) => [date, { closed: d.is_closed, openTime: d.open_time, closeTime: d.close_time }]));
    },
    async menus(_storeId, menuIds) {
      return (await listMenuItems(db, { ids: menuIds })).map((m) => ({
        menuId: m.id,
        name: m.name,
        deadlineDaysBefore: m.deadline_days_before,
        deadlineTime: m.deadline_time,
        durationMinutes: m.duration_minutes,
      }));
    },
    async sameDaySettings(storeId) {
      const s = await getSameDaySettings(db, storeId);
      return { isEnabled: s.is_enabled, deadlineTime: s.deadline_time };
    },
  };
}
