import type { Kysely } from 'kysely';
import { dependencySpecOf, optionSpecOf } from '@moncafe/domain/reservation/detail';
import type { ReservationCatalog } from '@moncafe/domain/reservation/ports';
import { businessHoursForDates } from '../business-hours/queries';
import type { Database } from '../database';
import { listNotices } from '../email-notices/queries';
import { listMenuItems, listMenuOptions, listOptionDependencies } from '../menus/queries';
import { getSameDaySettings } from '../same-day-settings/queries';
import { listSeats, seatSpecs } from '../seats/queries';
import { defaultStore, getStore } from '../stores/queries';
import { taxRuleOf } from '../tax/queries';

/** The reservation services' read port, answered from the catalog's read models. */
export function catalogForReservations(db: Kysely<Database>): ReservationCatalog {
  return {
    async defaultStoreId() {
      return (await defaultStore(db))?.store_id ?? null;
    },
    async storeName(storeId) {
      return (await getStore(db, storeId))?.name ?? null;
    },
    async storeContact(storeId) {
      const store = await getStore(db, storeId);
      return store ? { postalCode: store.postal_code, address: store.address, phone: store.phone } : null;
    },
    async storeOpen(storeId) {
      const store = await getStore(db, storeId);
      return store !== null && store.closed_on === null;
    },
    async seats(storeId) {
      return seatSpecs((await listSeats(db, storeId)).filter((s) => s.is_reservable && s.is_active));
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
    async courses(menuIds) {
      return (await listMenuItems(db, { ids: menuIds })).map((m) => ({
        menuId: m.id,
        storeId: m.store_id,
        name: m.name,
        nameEn: m.name_en,
        price: m.price,
        description: m.description,
        descriptionEn: m.description_en,
        reservable: m.show_on_reservation,
        taxCategory: m.tax_category,
      }));
    },
    async options(menuIds) {
      const ids = [...new Set(menuIds)];
      const [rows, dependencies] = await Promise.all([listMenuOptions(db, ids), Promise.all(ids.map((id) => listOptionDependencies(db, id)))]);
      return { options: rows.map((o) => optionSpecOf(o.option_id, o)), dependencies: dependencies.flat().map(dependencySpecOf) };
    },
    async sameDaySettings(storeId) {
      const s = await getSameDaySettings(db, storeId);
      return { isEnabled: s.is_enabled, deadlineTime: s.deadline_time };
    },
    taxRule: (storeId) => taxRuleOf(db, storeId),
    async notices(storeId) {
      return (await listNotices(db, { storeId, activeOnly: true })).map((n) => ({ title: n.title, content: n.content }));
    },
  };
}
