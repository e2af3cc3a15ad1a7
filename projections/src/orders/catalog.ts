import type { Kysely } from 'kysely';
import { optionSpecOf } from '@moncafe/domain/reservation/detail';
import type { TableCatalog } from '@moncafe/domain/table/ports';
import { businessHoursForDates } from '../business-hours/queries';
import type { Database } from '../database';
import { listMenuItems, listMenuOptions } from '../menus/queries';
import { reservationsOfDay } from '../reservations/queries';
import { getSeat, listSeats, seatSpecs } from '../seats/queries';
import { getStore } from '../stores/queries';
import { taxRuleOf } from '../tax/queries';

/** The guest-at-the-table services' read port, answered from the read models. */
export function catalogForTables(db: Kysely<Database>): TableCatalog {
  return {
    async seat(seatId) {
      const s = await getSeat(db, seatId);
      // A seat out of service (seats editor) takes no guests: as if it were not there.
      return s?.is_active ? { id: s.id, storeId: s.store_id, name: s.name, maxPeople: s.max_people, holdMinutes: s.reservation_hold_minutes } : null;
    },
    async seats(storeId) {
      return seatSpecs((await listSeats(db, storeId)).filter((s) => s.is_active));
    },
    async fence(storeId) {
      const s = await getStore(db, storeId);
      return s && s.latitude !== null && s.longitude !== null ? { latitude: s.latitude, longitude: s.longitude, radiusM: s.geofence_radius_m } : null;
    },
    async businessDay(storeId, date) {
      const d = (await businessHoursForDates(db, storeId, [date]))[date];
      return d ? { closed: d.is_closed, openTime: d.open_time, closeTime: d.close_time } : { closed: true, openTime: null, closeTime: null };
    },
    async menuItems(menuIds) {
      return (await listMenuItems(db, { ids: menuIds })).map((m) => ({
        menuId: m.id,
        storeId: m.store_id,
        name: m.name,
        price: m.price,
        showOnOrder: m.show_on_order,
        reservable: m.show_on_reservation,
        taxCategory: m.tax_category,
      }));
    },
    taxRule: (storeId) => taxRuleOf(db, storeId),
    async courseOptions(menuIds) {
      return (await listMenuOptions(db, [...new Set(menuIds)])).map((o) => optionSpecOf(o.option_id, o));
    },
    async orderIdsOf(reservationId) {
      return (await db.selectFrom('orders').select('id').where('reservation_id', '=', reservationId).execute()).map((r) => r.id);
    },
    async dayBookings(storeId, date, now) {
      return (await reservationsOfDay(db, storeId, date, now)).map((r) => ({
        reservationId: r.id,
        seatIds: r.seat_ids,
        time: r.reservation_time.slice(0, 5),
        people: r.people,
        course: r.menu_name,
        status: r.status,
        origin: r.origin,
        seatedAt: r.seated_at?.toISOString() ?? null,
        walkInBy: r.walk_in_by,
      }));
    },
  };
}
