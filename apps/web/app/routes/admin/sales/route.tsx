import { Form } from 'react-router';
import type { Route } from './+types/route';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import adminCss from '#app/admin-area/admin-area.css?url';
import { salesTexts as t } from '#app/admin-area/register-texts';
import { attendanceTexts as at } from '#app/attendance/texts';
import salesCss from '#app/admin-area/sales.css?url';
import { monthToDate, salesQuerySchema } from '#app/admin-area/sales-range';
import { salesView } from '#app/admin-area/sales-view.server';
import { adminPageTitle } from '#app/admin-area/title';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { yenAmount } from '#app/shared/yen';
import staffCss from '#app/staff-area/staff-area.css?url';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { InputField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.title, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: staffCss },
  { rel: 'stylesheet', href: adminCss },
  { rel: 'stylesheet', href: salesCss },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { queries, runtime } = appOf(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (!params.store_id) return { view: null, error: null, storeId: null };
  const parsed = salesQuerySchema.safeParse({ ...monthToDate(tokyoDateOf(runtime.clock.now())), ...params });
  if (!parsed.success) return { view: null, error: t.invalidRange, storeId: params.store_id };
  return { view: await salesView(queries, parsed.data, runtime.clock.now()), error: null, storeId: parsed.data.store_id };
}

const EXPORTS = ['sales-lines', 'receipts', 'reservations', 'shifts'] as const;

/** /admin/sales: sales by day, week or month with a chart drawn on the server and its table, top items, spend per guest, by hour, and the CSV exports. */
export default function Sales({ loaderData }: Route.ComponentProps) {
  const { view, error, storeId } = loaderData;
  useStoreQuery(storeId);
  if (!view) return error ? <p role="alert">{error}</p> : null;
  const query = new URLSearchParams({ store_id: view.storeId, from: view.from, to: view.to, scope: view.scope }).toString();
  return (
    <section data-testid="sales" data-from={view.from} data-to={view.to} data-scope={view.scope}>
      <h2>{t.title}</h2>
      <p className="hint">{t.lead}</p>
      <Form method="get" className="admin-day-head">
        <input type="hidden" name="store_id" value={view.storeId} />
        <label className="field">
          {t.scopeLabel}
          <select name="scope" defaultValue={view.scope} data-testid="sales-scope">
            {(['store', 'all'] as const).map((s) => (
              <option key={s} value={s}>
                {t.scopes[s]}
              </option>
            ))}
          </select>
        </label>
        <InputField label={t.from} type="date" name="from" defaultValue={view.from} required />
        <InputField label={t.to} type="date" name="to" defaultValue={view.to} required />
        <label className="field">
          {t.grain}
          <select name="grain" defaultValue={view.grain}>
            {(['day', 'week', 'month'] as const).map((g) => (
              <option key={g} value={g}>
                {t.grains[g]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button secondary">
          {t.show}
        </button>
      </Form>

      <section className="panel" data-testid="sales-totals" aria-labelledby="sales-totals-title">
        <h3 id="sales-totals-title">{t.totalsTitle}</h3>
        <table>
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">{t.total}</th>
              <th scope="col">{t.count}</th>
              <th scope="col">{t.guests}</th>
              <th scope="col">{t.perGuest}</th>
            </tr>
          </thead>
          <tbody>
            <tr data-testid="sales-totals-current">
              <th scope="row">{t.rangeLabel(view.from, view.to)}</th>
              <td data-figure="total">{yenAmount(view.totals.total)}</td>
              <td data-figure="count">{view.totals.count}</td>
              <td data-figure="guests">{view.totals.guests}</td>
              <td data-figure="perGuest">{yenAmount(view.totals.perGuest)}</td>
            </tr>
            <tr data-testid="sales-totals-previous">
              <th scope="row">{t.previousRangeLabel(view.previousRange.from, view.previousRange.to)}</th>
              <td>{yenAmount(view.previous.total)}</td>
              <td>{view.previous.count}</td>
              <td>{view.previous.guests}</td>
              <td>{yenAmount(view.previous.perGuest)}</td>
            </tr>
            <tr>
              <th scope="row">{t.change}</th>
              <td data-figure="change">{t.changePercent(view.change.total)}</td>
              <td />
              <td />
              <td>{t.changePercent(view.change.perGuest)}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section className="panel" data-testid="sales-labour">
        <h3 id="sales-labour-title">{at.labourTitle}</h3>
        <p className="hint">{at.labourHint}</p>
        <div className="sales-chart-table" tabIndex={0} role="region" aria-label={at.labourTitle}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t.period}</th>
                <th scope="col">{at.labourSales}</th>
                <th scope="col">{at.labourCost}</th>
                <th scope="col">{at.labourShare}</th>
              </tr>
            </thead>
            <tbody>
              {view.labour.rows.map((r) => (
                <tr key={r.key} data-key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td data-figure="sales">{yenAmount(r.sales)}</td>
                  <td data-figure="labour">{yenAmount(r.cost)}</td>
                  <td data-figure="share">{at.labourSharePercent(r.share)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-key="total">
                <th scope="row">{at.labourMonth}</th>
                <td data-figure="sales">{yenAmount(view.labour.total.sales)}</td>
                <td data-figure="labour">{yenAmount(view.labour.total.cost)}</td>
                <td data-figure="share">{at.labourSharePercent(view.labour.total.share)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <section className="panel" aria-labelledby="sales-chart-title">
        <h3 id="sales-chart-title">{t.chartTitle}</h3>
        <div className="sales-chart-row">
          <div
            className="sales-chart"
            data-testid="sales-chart"
            role="img"
            aria-label={t.chartLabel(view.from, view.to)}
            dangerouslySetInnerHTML={{ __html: view.chartSvg }}
          />
          {/* Scrolls on its own when a long range has many rows: reachable by keyboard (tabIndex) and named for screen readers. */}
          <div className="sales-chart-table" tabIndex={0} role="region" aria-label={t.tableCaption}>
            <table data-testid="sales-table">
              <caption>{t.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.period}</th>
                  <th scope="col">{t.total}</th>
                  <th scope="col">{t.count}</th>
                  <th scope="col">{t.guests}</th>
                  <th scope="col">{t.previousSeries}</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((r) => (
                  <tr key={r.key} data-key={r.key}>
                    <th scope="row">{r.label}</th>
                    <td data-figure="total">{yenAmount(r.total)}</td>
                    <td>{r.count}</td>
                    <td>{r.guests}</td>
                    <td>{yenAmount(r.previousTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <div className="admin-day-grid">
        <section className="panel" data-testid="sales-top-items" aria-labelledby="sales-top-title">
          <h3 id="sales-top-title">{t.topItemsTitle}</h3>
          {view.topItems.length === 0 ? (
            <p className="empty">{t.noSales}</p>
          ) : (
            <table className="sales-list">
              <thead>
                <tr>
                  <th scope="col">{t.item}</th>
                  <th scope="col">{t.quantity}</th>
                  <th scope="col">{t.amount}</th>
                </tr>
              </thead>
              <tbody>
                {view.topItems.map((i) => (
                  <tr key={i.menuId}>
                    <td>{i.name}</td>
                    <td>{i.quantity}</td>
                    <td>{yenAmount(i.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="panel" data-testid="sales-by-hour" aria-labelledby="sales-hour-title">
          <h3 id="sales-hour-title">{t.byHourTitle}</h3>
          {view.byHour.length === 0 ? (
            <p className="empty">{t.noSales}</p>
          ) : (
            <table className="sales-list">
              <thead>
                <tr>
                  <th scope="col">{t.hour}</th>
                  <th scope="col">{t.count}</th>
                  <th scope="col">{t.total}</th>
                </tr>
              </thead>
              <tbody>
                {view.byHour.map((h) => (
                  <tr key={h.hour}>
                    <td>{t.hourLabel(h.hour)}</td>
                    <td>{h.count}</td>
                    <td>{yenAmount(h.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="panel" data-testid="sales-exports" aria-labelledby="sales-exports-title">
          <h3 id="sales-exports-title">{t.exportsTitle}</h3>
          <ul>
            {EXPORTS.map((kind) => (
              <li key={kind}>
                <a href={`/api/admin/sales/export/${kind}?${query}`} download data-export={kind}>
                  {t.exports[kind]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
