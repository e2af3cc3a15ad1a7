import { TabletPanel } from '#app/attendance/tablet-panel';
import { attendanceTexts as t } from '#app/attendance/texts';
import { areaPageTitle } from '#app/admin-area/title';
import { StoreRequired, useAreaStore } from '#app/staff-area/components';
import staffCss from '#app/staff-area/staff-area.css?url';
import type { Route } from './+types/route';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.tabletTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /staff/clock: the store's shared tablet — each person presses for themselves with their PIN (decision 612). */
export default function StaffClock() {
  const { storeId, ready } = useAreaStore();
  if (ready && !storeId) return <StoreRequired home="/staff" />;
  return <div className="sa-page">{storeId && <TabletPanel key={storeId} storeId={storeId} />}</div>;
}
