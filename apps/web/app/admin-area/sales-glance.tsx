import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { callJson } from '#app/http/api-client';
import type { Answer as SummaryAnswer } from '#app/routes/api/admin/sales/summary/route';
import { yenAmount } from '#app/shared/yen';
import { salesTexts as t } from './register-texts';

const change = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

/** The admin home's sales figures (decision 251): the month so far, per guest, against the same days before; links to the sales screen and the daily close. */
export function SalesGlance({ storeId }: { storeId: string }) {
  const [summary, setSummary] = useState<SummaryAnswer | null>(null);
  useEffect(() => {
    let live = true;
    void callJson<SummaryAnswer>(`/api/admin/sales/summary?store_id=${encodeURIComponent(storeId)}`, { noStore: true }).then((r) => {
      if (live && r.ok) setSummary(r.body);
    });
    return () => {
      live = false;
    };
  }, [storeId]);
  if (!summary) return null;
  return (
    <section className="panel" data-testid="sales-glance" aria-labelledby="sales-glance-title">
      <h3 id="sales-glance-title">{t.homeTitle}</h3>
      <p className="admin-day-figure" data-figure="total">
        {yenAmount(summary.totals.total)}
      </p>
      <p className="hint">{t.homeCounts(summary.totals.count, summary.totals.guests, yenAmount(summary.totals.perGuest))}</p>
      <p className="hint">{t.homeVsPrevious(t.changePercent(change(summary.totals.total, summary.previous.total)))}</p>
      <p>
        <Link to="/admin/sales">{t.toSales}</Link>
        {t.separator}
        <Link to="/admin/daily-close">{t.toDailyClose}</Link>
        {!summary.todayClosed && <span className="hint">{t.notClosedYet}</span>}
      </p>
    </section>
  );
}
