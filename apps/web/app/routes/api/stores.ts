import type { Route } from './+types/stores';
import { getRuntime } from '../../context';
import { listStores } from '@moncafe/projections/stores/queries';
import { cacheLifetimeSeconds, cachedJson } from './+shared/json';

/** GET /api/stores: every store, in display order (spec: list with store_id and name). */
export async function loader({ context }: Route.LoaderArgs) {
  const stores = await listStores(getRuntime(context).db);
  return cachedJson(stores, cacheLifetimeSeconds.stores);
}
