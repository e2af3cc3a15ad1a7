import type { Route } from './+types/api.customer.menu';
import { listMenuItems } from '@moncafe/projections/menus/queries';
import { answer, json, reservationRuntime } from '../reservation/flow.server';

/** GET /api/customer/menu: the reservation courses (menu items with show_on_reservation) of the site's store. */
export async function loader({ context }: Route.LoaderArgs) {
  return answer(context, async () => {
    const { runtime, flow } = reservationRuntime(context);
    const storeId = await flow.storeId();
    return json({ menus: await listMenuItems(runtime.db, { storeId, visibleOn: 'reservation' }) });
  });
}
