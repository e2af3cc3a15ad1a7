import type { Route } from './+types/layout';
import { AreaLayout } from '../../areas/area-layout';
import { loadArea } from '../../areas/area-loader.server';
import { areaTexts, staffMenu } from '../../areas/texts';

export const meta: Route.MetaFunction = () => [{ title: `${areaTexts.staffTitle} | MonCafe` }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'staff', 'admin');
}

/**
 * /staff: sidebar links other than home wait for a store (kept as staffStoreId); clicking one
 * shows the 2 s toast, and a screen opened without a store goes back to /staff (spec).
 */
export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaLayout
      base="/staff"
      title={areaTexts.staffTitle}
      menu={staffMenu}
      storeKey="staffStoreId"
      toastOnLockedLink
      redirectWithoutStore
      stores={loaderData.stores}
      userName={loaderData.userName}
    />
  );
}
