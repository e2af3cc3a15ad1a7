import type { Route } from './+types/layout';
import { AreaLayout } from '../../areas/area-layout';
import { loadArea } from '../../areas/area-loader.server';
import { adminMenu, areaTexts } from '../../areas/texts';

export const meta: Route.MetaFunction = () => [{ title: `${areaTexts.adminTitle} | MonCafe` }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'admin');
}

/** /admin: the admin menu; every sub-path needs a saved admin store, else back to /admin (spec). */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaLayout
      base="/admin"
      title={areaTexts.adminTitle}
      menu={adminMenu}
      storeKey="adminStoreId"
      toastOnLockedLink={false}
      redirectWithoutStore
      stores={loaderData.stores}
      userName={loaderData.userName}
    />
  );
}
