import type { Route } from './+types/layout';
import { pageTitle } from '../../layout/texts';
import { AreaLayout } from '../../areas/area-layout';
import { loadArea } from '../../areas/area-loader.server';
import { areaSettings } from '../../areas/area-settings';

export const meta: Route.MetaFunction = () => [{ title: pageTitle(areaSettings.admin.title) }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'admin');
}

/** /admin: the admin menu (settings: app/areas/area-settings.ts). */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AreaLayout {...areaSettings.admin} stores={loaderData.stores} userName={loaderData.userName} />;
}
