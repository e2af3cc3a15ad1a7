import { useOutletContext } from 'react-router';
import type { Route } from './+types/route';
import { AdminDay } from '#app/admin-area/admin-day';
import { SalesGlance } from '#app/admin-area/sales-glance';
import adminCss from '#app/admin-area/admin-area.css?url';
import { adminPageTitle } from '#app/admin-area/title';
import { AreaHome } from '#app/areas/area-home';
import type { AreaOutletContext } from '#app/areas/store-choice';
import { areaTexts } from '#app/areas/texts';
import staffCss from '#app/staff-area/staff-area.css?url';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(null, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: staffCss },
  { rel: 'stylesheet', href: adminCss },
];

/** /admin: the store choice (AreaHome), then the chosen store's day at a glance and its orders (decision 123). */
export default function AdminHome() {
  const { storeId } = useOutletContext<AreaOutletContext>();
  return (
    <>
      <AreaHome title={areaTexts.adminTitle} needsStore />
      {storeId && <SalesGlance key={`sales-${storeId}`} storeId={storeId} />}
      {storeId && <AdminDay key={storeId} storeId={storeId} />}
    </>
  );
}
