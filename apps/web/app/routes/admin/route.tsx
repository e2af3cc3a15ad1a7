import type { Route } from './+types/route';
import { adminPageTitle } from '#app/admin-area/title';
import { AreaLayout } from '#app/areas/area-layout';
import { loadArea } from '#app/areas/area-loader.server';
import { areaSettings } from '#app/areas/area-settings';
import { staffFrameHandle } from '#app/areas/staff-frame';

/** The owner's frame: no public site header (root.tsx), the area's own bar; every admin route below inherits it. */
export const handle = staffFrameHandle;

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(null, matches) }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'admin');
}

/** /admin: the admin menu (settings: app/areas/area-settings.ts). */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaLayout
      {...areaSettings.admin}
      stores={loaderData.stores}
      userName={loaderData.userName}
      areas={loaderData.areas}
      openingStoreId={loaderData.openingStoreId}
    />
  );
}
