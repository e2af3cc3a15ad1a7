import { z } from 'zod';
import type { Route } from './+types/menu';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { getRuntime } from '../../context';
import { listMenuItems } from '@moncafe/projections/menus/queries';
import { cacheLifetimeSeconds, cachedJson, parseQuery } from './+shared/json';

const querySchema = z.object({ store_id: recordIdSchema.optional() });

/**
 * GET /api/admin/menu[?store_id]: the menu array (public menu, reservation deadlines and the
 * admin list all read it). Without store_id, every store's items.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseQuery(request, querySchema);
  const menus = await listMenuItems(getRuntime(context).db, query.store_id === undefined ? {} : { storeId: query.store_id });
  return cachedJson(menus, cacheLifetimeSeconds.menu);
}
