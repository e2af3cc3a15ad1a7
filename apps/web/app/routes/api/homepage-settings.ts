import type { Route } from './+types/homepage-settings';
import { getRuntime } from '../../context';
import { listHomepageCards } from '@moncafe/projections/homepage-cards/queries';
import { cacheLifetimeSeconds, cachedJson } from './+shared/json';

/**
 * GET /api/admin/homepage-settings: the homepage cards, active ones in display order.
 * A public read: the customer homepage uses it (spec section 7).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const cards = await listHomepageCards(getRuntime(context).db, { activeOnly: true });
  return cachedJson(cards, cacheLifetimeSeconds.homepageSettings);
}
