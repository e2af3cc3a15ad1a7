import type { Queries } from '@moncafe/projections/queries';

/** One store's month in the 全店舗 view. */
export interface StoreSales {
  store_id: string;
  name: string;
  totals: Awaited<ReturnType<Queries['sales']['report']>>['totals'];
  todayClosed: boolean;
}

/**
 * The admin home's sales figures for `range` (decision 251): one store's, or with `storeId` null
 * every store's together (全店舗, decision 413) — the same report without the store condition, so
 * the total is the sum of the stores' (decision 408) — with each open store's own figures and
 * whether it closed `today`. Today counts as closed for all stores once every open store closed it.
 */
export async function salesSummary(queries: Queries, storeId: string | null, today: string, range: { from: string; to: string }) {
  const report = await queries.sales.report({ storeId, ...range }, 'month');
  if (storeId !== null) {
    const close = await queries.register.close(storeId, today);
    return { today, range: report.range, totals: report.totals, previous: report.previous, todayClosed: close !== undefined, stores: [] as StoreSales[] };
  }
  const stores: StoreSales[] = await Promise.all(
    (await queries.stores.list()).map(async (store) => {
      const [own, close] = await Promise.all([
        queries.sales.report({ storeId: store.store_id, ...range }, 'month'),
        queries.register.close(store.store_id, today),
      ]);
      return { store_id: store.store_id, name: store.name, totals: own.totals, todayClosed: close !== undefined };
    }),
  );
  return { today, range: report.range, totals: report.totals, previous: report.previous, todayClosed: stores.every((s) => s.todayClosed), stores };
}
