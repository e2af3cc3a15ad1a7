import type { Route } from './+types/api.admin.menu-options.dependencies';
import { listOptionDependencies } from '@moncafe/projections/menus/queries';
import { answer, json, reservationRuntime } from '../reservation/flow.server';

/** GET /api/admin/menu-options/dependencies: every option dependency (child options shown by a parent's value). */
export async function loader({ context }: Route.LoaderArgs) {
  return answer(context, async () => {
    const { runtime } = reservationRuntime(context);
    const rows = await listOptionDependencies(runtime.db);
    return json({ dependencies: rows }, { headers: { 'Cache-Control': 'public, max-age=600' } });
  });
}
