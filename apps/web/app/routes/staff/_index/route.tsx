import type { Route } from './+types/route';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { AreaHome } from '#app/areas/area-home';
import { areaTexts } from '#app/areas/texts';
import { ClockPanel } from '#app/attendance/clock-panel';
import { PinForm } from '#app/attendance/tablet-panel';
import { appOf } from '#app/context';
import { useAreaStore } from '#app/staff-area/components';
import staffCss from '#app/staff-area/staff-area.css?url';

export const links = () => [{ rel: 'stylesheet', href: staffCss }];

export function loader({ context }: Route.LoaderArgs) {
  return { month: tokyoDateOf(appOf(context).runtime.clock.now()).slice(0, 7) };
}

/** /staff: the chosen store, and the place to clock in and out (出勤・休憩・退勤). */
export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { storeId } = useAreaStore();
  return (
    <>
      <AreaHome title={areaTexts.staffTitle} needsStore />
      {storeId && <ClockPanel key={storeId} storeId={storeId} month={loaderData.month} />}
      <PinForm />
    </>
  );
}
