import type { Route } from './+types/api.admin.same-day-settings';
import { getSameDaySettings } from '@moncafe/projections/same-day-settings/queries';
import { answer, json, reservationRuntime } from '../reservation/flow.server';

/** GET /api/admin/same-day-settings: is_enabled and deadline_time of the site's store. */
export async function loader({ context }: Route.LoaderArgs) {
  return answer(context, async () => {
    const { runtime, flow } = reservationRuntime(context);
    return json(await getSameDaySettings(runtime.db, await flow.storeId()));
  });
}
