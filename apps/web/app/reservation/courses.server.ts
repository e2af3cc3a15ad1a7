import type { Queries } from '@moncafe/projections/queries';

/**
 * The courses the site's store offers for booking (menu items with show_on_reservation), in
 * display order; null before any store exists. GET /api/customer/menu answers them, and
 * /reservation renders them on the server, so the list is there with the page's first paint.
 */
export async function reservationCourses(queries: Queries) {
  const store = await queries.stores.default();
  return store ? queries.menus.list({ storeId: store.store_id, visibleOn: 'reservation' }) : null;
}
