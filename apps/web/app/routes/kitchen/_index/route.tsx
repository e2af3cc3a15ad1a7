import type { Route } from './+types/route';
import { useFloorStore } from '#app/table-order/floor-store';
import { KitchenBoard } from '#app/table-order/kitchen-board';
import { kitchenTexts } from '#app/table-order/staff-texts';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(kitchenTexts.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/** /kitchen: the orders waiting to be made, live (monitor/admin). */
export default function KitchenOrders() {
  const { storeId, ready } = useFloorStore();
  return ready ? <KitchenBoard mode="ready" storeId={storeId} /> : null;
}
