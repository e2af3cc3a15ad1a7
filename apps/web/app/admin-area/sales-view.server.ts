import type { Queries } from '@moncafe/projections/queries';
import { salesTexts as t } from './register-texts';
import { salesChartSvg } from './sales-chart.server';
import { salesRangeOf, type SalesQuery } from './sales-range';

const percentChange = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

/**
 * What /admin/sales shows (decision 251): the range's report, the same-length range before for
 * comparison, and the chart drawn on the server from the same buckets its table lists.
 */
export async function salesView(queries: Queries, query: SalesQuery) {
  const range = salesRangeOf(query);
  const report = await queries.sales.report(range, query.grain);
  const before = await queries.sales.report({ storeId: range.storeId, ...report.previousRange }, query.grain);
  const rows = report.buckets.map((b, i) => ({ ...b, label: t.bucketLabel(query.grain, b.key), previousTotal: before.buckets[i]?.total ?? 0 }));
  const chartSvg = salesChartSvg({
    labels: rows.map((r) => r.label),
    current: { name: t.currentSeries, values: rows.map((r) => r.total) },
    previous: { name: t.previousSeries, values: rows.map((r) => r.previousTotal) },
  });
  return {
    storeId: query.store_id,
    scope: query.scope,
    from: query.from,
    to: query.to,
    grain: query.grain,
    previousRange: report.previousRange,
    totals: report.totals,
    previous: report.previous,
    change: { total: percentChange(report.totals.total, report.previous.total), perGuest: percentChange(report.totals.perGuest, report.previous.perGuest) },
    rows,
    topItems: report.topItems,
    byHour: report.byHour,
    chartSvg,
  };
}

export type SalesView = Awaited<ReturnType<typeof salesView>>;
