import type { LabourReport } from '@moncafe/projections/attendance/queries';
import type { Queries } from '@moncafe/projections/queries';
import type { SalesReport } from '@moncafe/projections/register/sales';
import { salesTexts as t } from './register-texts';
import { salesChartSvg } from './sales-chart.server';
import { salesRangeOf, type SalesQuery } from './sales-range';

const percentChange = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

/**
 * What /admin/sales shows (decision 251): the range's report, the same-length range before for
 * comparison, and the chart drawn on the server from the same buckets its table lists.
 */
export async function salesView(queries: Queries, query: SalesQuery, now: Date) {
  const range = salesRangeOf(query);
  const report = await queries.sales.report(range, query.grain);
  const before = await queries.sales.report({ storeId: range.storeId, ...report.previousRange }, query.grain);
  const labour = await queries.attendance.labour({ ...range, grain: query.grain, now });
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
    labour: labourRows(report, labour),
  };
}

/** Labour's share of sales before tax, in percent to one decimal (decision 610); null without sales. */
export function labourShare(labourYen: number, salesBeforeTax: number): number | null {
  return salesBeforeTax <= 0 ? null : Math.round((labourYen / salesBeforeTax) * 1000) / 10;
}

/** The labour table: each sales bucket's sales before tax beside its labour cost and share, and the range's total. */
function labourRows(report: SalesReport, labour: LabourReport) {
  const costs = new Map(labour.buckets.map((b) => [b.key, b]));
  const rows = report.buckets.map((b) => {
    const cost = costs.get(b.key)?.wage_yen ?? 0;
    return { key: b.key, label: t.bucketLabel(report.grain, b.key), sales: b.total - b.tax, cost, share: labourShare(cost, b.total - b.tax) };
  });
  const sales = report.totals.subtotal;
  return { rows, total: { sales, cost: labour.total.wage_yen, share: labourShare(labour.total.wage_yen, sales) } };
}

export type SalesView = Awaited<ReturnType<typeof salesView>>;
