import { z } from 'zod';
import type { Route } from './+types/store';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { getRuntime } from '../../context';
import { getStore } from '@moncafe/projections/stores/queries';
import { cacheLifetimeSeconds, cachedJson, notFoundJson } from './+shared/json';

const paramsSchema = z.object({ id: recordIdSchema });

/** GET /api/stores/{id}: one store with its name; 404 JSON when there is none. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) return notFoundJson('store not found');
  const store = await getStore(getRuntime(context).db, parsed.data.id);
  if (!store) return notFoundJson('store not found');
  return cachedJson(store, cacheLifetimeSeconds.stores);
}
