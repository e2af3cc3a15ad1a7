import type { Route } from './+types/layout';
import { AreaLayout } from '../../areas/area-layout';
import { loadArea } from '../../areas/area-loader.server';
import { areaTexts, kitchenMenu } from '../../areas/texts';

export const meta: Route.MetaFunction = () => [{ title: `${areaTexts.kitchenTitle} | MonCafe` }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadArea(request, context, 'admin', 'monitor');
}

/** /kitchen: order list, history and stock for the kitchen (admin or monitor). */
export default function KitchenLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaLayout
      base="/kitchen"
      title={areaTexts.kitchenTitle}
      menu={kitchenMenu}
      storeKey={null}
      toastOnLockedLink={false}
      redirectWithoutStore={false}
      stores={loaderData.stores}
      userName={loaderData.userName}
    />
  );
}
