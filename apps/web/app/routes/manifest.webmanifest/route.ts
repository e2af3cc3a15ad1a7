import { z } from 'zod';
import type { Route } from './+types/route';
import { appOf } from '#app/context';
import { webManifest } from '#app/layout/site-files';

const storeIdSchema = z.string().max(64).nullable().catch(null);

/**
 * GET /manifest.webmanifest?store_id=…: the tablets' installable app, named after the store asked
 * for, or after the first store when none (or an unknown one) is named (decision 659).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const stores = await appOf(context).queries.stores.list();
  const asked = storeIdSchema.parse(new URL(request.url).searchParams.get('store_id'));
  const store = stores.find((s) => s.store_id === asked && s.closed_on === null) ?? stores.find((s) => s.closed_on === null) ?? stores[0];
  return new Response(JSON.stringify(webManifest(store?.name ?? null)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
