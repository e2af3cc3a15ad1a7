import type { Route } from './+types/route';
import { AreaLayout } from '#app/areas/area-layout';
import { loadArea } from '#app/areas/area-loader.server';
import { areaSettings } from '#app/areas/area-settings';
import { staffFrameHandle } from '#app/areas/staff-frame';
import { areaPageTitle } from '#app/admin-area/title';

/** The staff frame: no public site header (root.tsx), the area's own bar instead. */
export const handle = staffFrameHandle;

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(null, matches) }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'admin', 'monitor');
}

/** /kitchen: order list, history and stock for the kitchen (settings: app/areas/area-settings.ts). */
export default function KitchenLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaLayout
      {...areaSettings.kitchen}
      stores={loaderData.stores}
      userName={loaderData.userName}
      areas={loaderData.areas}
      openingStoreId={loaderData.openingStoreId}
    />
  );
}
