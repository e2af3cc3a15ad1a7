import type { RouterContextProvider } from 'react-router';
import { tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { isOpenAt } from '@moncafe/domain/table/seat-now';
import { appOf } from '#app/context';
import { DEFAULT_ORDER_STORE_ID } from './call-schemas';

/**
 * Where a QR code sends the guest: the seat (query seat_id), its store (else the query's
 * store_id, else the spec's default store 2), and whether the store takes orders now on the
 * server's Tokyo clock (spec §5 business-hours check).
 */
export async function orderPlace(url: URL, context: Readonly<RouterContextProvider>) {
  const { queries, runtime } = appOf(context);
  const seatId = url.searchParams.get('seat_id');
  const seat = seatId ? await queries.seats.get(seatId) : null;
  const storeId = seat?.store_id ?? url.searchParams.get('store_id') ?? DEFAULT_ORDER_STORE_ID;
  const store = await queries.stores.get(storeId);
  const { date, minute } = tokyoDateTime(runtime.clock.now());
  const day = (await queries.businessHours.days({ storeId, start: date, end: date }))?.[date];
  const open = day ? isOpenAt({ closed: day.is_closed, openTime: day.open_time, closeTime: day.close_time }, minute) : false;
  return {
    store: store ? { id: store.store_id, name: store.name, hasLocation: store.latitude !== null && store.longitude !== null } : null,
    seat: seat && store ? { id: seat.id, name: seat.name, maxPeople: seat.max_people } : null,
    open,
  };
}
