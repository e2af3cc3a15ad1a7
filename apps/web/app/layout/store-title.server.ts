import { appOf } from '#app/context';

/**
 * The open stores' ids and names, for a public page's title (storeParamTitleMeta): read once per
 * catalog change (the reference data), so a page rendered once (entry.server.tsx) stays so, one
 * rendering per address.
 */
export function openStoreNames(context: Parameters<typeof appOf>[0]) {
  const { queries, runtime } = appOf(context);
  return runtime.referenceData.get('open-store-names', async () => ({
    openStores: (await queries.stores.list()).map((s) => ({ store_id: s.store_id, name: s.name })),
  }));
}
