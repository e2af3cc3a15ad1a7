import type { Route } from './+types/layout';
import { AreaLayout } from '../../areas/area-layout';
import { loadArea } from '../../areas/area-loader.server';
import { areaTexts, monitorMenu } from '../../areas/texts';

export const meta: Route.MetaFunction = () => [{ title: `${areaTexts.monitorTitle} | MonCafe` }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'admin', 'monitor');
}

/** /monitor: sidebar whose links other than home wait for a store choice (kept as adminStoreId). */
export default function MonitorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaLayout
      base="/monitor"
      title={areaTexts.monitorTitle}
      menu={monitorMenu}
      storeKey="adminStoreId"
      toastOnLockedLink={false}
      redirectWithoutStore={false}
      stores={loaderData.stores}
      userName={loaderData.userName}
    />
  );
}
