import type { Route } from './+types/route';
import { useFloorStore } from '#app/table-order/floor-store';
import { StockEditor } from '#app/table-order/stock-editor';
import { stockTexts } from '#app/table-order/staff-texts';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(stockTexts.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/** /kitchen/stock: the stock editor (monitor/admin). */
export default function KitchenStock() {
  const { storeId, ready } = useFloorStore();
  return ready ? <StockEditor storeId={storeId} /> : null;
}
