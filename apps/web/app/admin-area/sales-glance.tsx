import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { callJson } from '#app/http/api-client';
import type { Answer as SummaryAnswer } from '#app/routes/api/admin/sales/summary/route';
import { yenAmount } from '#app/shared/yen';
import { salesTexts as t } from './register-texts';

const change = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);

type Scope = 'store' | 'all';

/**
 * The admin home's sales figures (decision 251): the month so far, per guest, against the same
 * days before; links to the sales screen and the daily close. 集計する店舗 shows the chosen
 * store's or every store's together, each open store's month beside them (全店舗, decision 413).
 */
export function SalesGlance({ storeId }: { storeId: string }) {
  const [scope, setScope] = useState<Scope>('store');
  const [summary, setSummary] = useState<SummaryAnswer | null>(null);
  const scopeId = useId();
  useEffect(() => {
    let live = true;
    const query = new URLSearchParams({ store_id: storeId, scope }).toString();
    void callJson<SummaryAnswer>(`/api/admin/sales/summary?${query}`, { noStore: true }).then((r) => {
      if (live && r.ok) setSummary(r.body);
    });
    return () => {
      live = false;
    };
  }, [storeId, scope]);
  if (!summary) return null;
  return (
    <section className="panel" data-testid="sales-glance" data-scope={scope} aria-labelledby="sales-glance-title">
      <h3 id="sales-glance-title">{t.homeTitle}</h3>
      <label htmlFor={scopeId} className="field">
        {t.scopeLabel}
        <select id={scopeId} value={scope} onChange={(e) => setScope(e.target.value === 'all' ? 'all' : 'store')} data-testid="sales-glance-scope">
          {(['store', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {t.scopes[s]}
            </option>
          ))}
        </select>
      </label>
      <p className="admin-day-figure" data-figure="total">
        {yenAmount(summary.totals.total)}
      </p>
      <p className="hint">{t.homeCounts(summary.totals.count, summary.totals.guests, yenAmount(summary.totals.perGuest))}</p>
      <p className="hint">{t.homeVsPrevious(t.changePercent(change(summary.totals.total, summary.previous.total)))}</p>
      {summary.stores.length > 0 && (
        <table className="glance-stores" data-testid="sales-glance-stores">
          <caption>{t.homeStoresCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.store}</th>
              <th scope="col">{t.total}</th>
              <th scope="col">{t.count}</th>
              <th scope="col">{t.guests}</th>
              <th scope="col">{t.todayClose}</th>
            </tr>
          </thead>
          <tbody>
            {summary.stores.map((s) => (
              <tr key={s.store_id} data-store-id={s.store_id}>
                <th scope="row">{s.name}</th>
                <td>{yenAmount(s.totals.total)}</td>
                <td>{s.totals.count}</td>
                <td>{s.totals.guests}</td>
                <td>{s.todayClosed ? t.closedToday : t.notClosedToday}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <Link to={scope === 'all' ? '/admin/sales?scope=all' : '/admin/sales'}>{t.toSales}</Link>
        {t.separator}
        <Link to="/admin/daily-close">{t.toDailyClose}</Link>
        {!summary.todayClosed && <span className="hint">{t.notClosedYet}</span>}
      </p>
    </section>
  );
}
