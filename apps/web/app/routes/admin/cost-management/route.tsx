import { useCallback, useEffect, useId, useState } from 'react';
import type { Route } from './+types/route';
import adminCss from '#app/admin-area/admin-area.css?url';
import { costTexts as c } from '#app/admin-area/texts';
import { adminPageTitle } from '#app/admin-area/title';
import { callJson } from '#app/http/api-client';
import type { Answer as CostAnswer } from '#app/routes/api/admin/cost-lines/route';
import { japaneseDate } from '#app/reservation/presentation';
import { yenAmount } from '#app/shared/yen';
import { FormButtons, LoadError, NumberField, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { ListEditor, type RecordForm, type RecordFormProps } from '#app/staff-area/list-editor';
import staffCss from '#app/staff-area/staff-area.css?url';
import { errorOf, InputField, PageForm } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(c.title, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: staffCss },
  { rel: 'stylesheet', href: adminCss },
];

type Line = CostAnswer['lines'][number];
type LineForm = { name: string; quantity: number; unit: string; unit_cost: number };

const blank: LineForm = { name: '', quantity: 1, unit: '', unit_cost: 0 };
const yen = (n: number | null) => (n === null ? c.notCosted : yenAmount(n));

/** One ingredient line: decimals allowed for quantity and unit cost (0.018 kg at 4,000円); each field shows its own problem. */
const CostLineForm: RecordForm<LineForm> = Object.assign(CostLineFields, { fields: ['name', 'quantity', 'unit', 'unit_cost'] });

function CostLineFields({ initial, busy, refusal, onSave, onCancel }: RecordFormProps<LineForm>) {
  const [v, setV] = useState<LineForm>(initial ?? blank);
  const id = useId();
  const at = (field: string) => errorOf(refusal, field);
  return (
    <PageForm className="sa-editor-row" onSubmit={() => onSave(v)}>
      <InputField
        label={c.ingredient}
        id={`${id}-name`}
        required
        maxLength={100}
        value={v.name}
        disabled={busy}
        error={at('name')}
        onValue={(name) => setV({ ...v, name })}
      />
      <NumberField
        id={`${id}-qty`}
        label={c.quantity}
        min={0}
        step="any"
        value={v.quantity}
        busy={busy}
        error={at('quantity')}
        onChange={(quantity) => setV({ ...v, quantity })}
      />
      <InputField label={c.unit} id={`${id}-unit`} maxLength={20} value={v.unit} disabled={busy} error={at('unit')} onValue={(unit) => setV({ ...v, unit })} />
      <NumberField
        id={`${id}-cost`}
        label={c.unitCost}
        min={0}
        step="any"
        value={v.unit_cost}
        busy={busy}
        error={at('unit_cost')}
        onChange={(unit_cost) => setV({ ...v, unit_cost })}
      />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </PageForm>
  );
}

/** /admin/cost-management: ingredient cost lines per menu item, each item's margin, and a day's margin from its orders (decision 122). */
export default function CostManagement() {
  const { storeId, ready } = useAreaStore();
  const [date, setDate] = useState<string | null>(null);
  const [report, setReport] = useState<CostAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [menuId, setMenuId] = useState('');
  const id = useId();
  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const q = new URLSearchParams({ store_id: storeId, ...(date ? { date } : {}) });
    const r = await callJson<CostAnswer>(`/api/admin/cost-lines?${q.toString()}`, { noStore: true });
    if (r.ok) {
      setReport(r.body);
      if (!date) setDate(r.body.day.date);
    } else setFailed(true);
  }, [storeId, date]);
  useEffect(() => {
    void load();
  }, [load]);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  const chosen = report?.items.find((i) => i.menu_id === menuId) ?? null;
  const lines: Line[] = report?.lines.filter((l) => l.menu_id === menuId) ?? [];
  return (
    <div className="sa-page" data-testid="cost-management" data-ready={ready && report ? 'true' : undefined}>
      <h2>{c.title}</h2>
      <p className="hint">{c.intro}</p>
      {failed && <LoadError message={c.noLines} onRetry={() => void load()} />}
      {!report && !failed && <Loading />}
      {storeId && report && (
        <>
          <section aria-labelledby={`${id}-items`}>
            <h3 id={`${id}-items`}>{c.itemsTitle}</h3>
            <div className="admin-day-scroll">
              <table className="cost-table" data-testid="item-margins">
                <thead>
                  <tr>
                    <th scope="col">{c.menu}</th>
                    <th scope="col">{c.price}</th>
                    <th scope="col">{c.cost}</th>
                    <th scope="col">{c.margin}</th>
                    <th scope="col">{c.marginRate}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.items.map((i) => (
                    <tr key={i.menu_id} data-menu-id={i.menu_id}>
                      <th scope="row">
                        <button type="button" className="link-button" aria-pressed={menuId === i.menu_id} onClick={() => setMenuId(i.menu_id)}>
                          {i.name}
                        </button>
                      </th>
                      <td>{yenAmount(i.price)}</td>
                      <td>{yen(i.cost)}</td>
                      <td className={i.margin !== null && i.margin < 0 ? 'cost-negative' : undefined}>{yen(i.margin)}</td>
                      <td>{i.margin_percent === null ? '—' : `${i.margin_percent}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby={`${id}-lines`} className="panel">
            <h3 id={`${id}-lines`}>{chosen ? c.linesOf(chosen.name) : c.addLine}</h3>
            <label className="field" htmlFor={`${id}-menu`}>
              {c.menu}
              <select id={`${id}-menu`} value={menuId} onChange={(e) => setMenuId(e.target.value)}>
                <option value="">--</option>
                {report.items.map((i) => (
                  <option key={i.menu_id} value={i.menu_id}>
                    {i.name}
                  </option>
                ))}
              </select>
            </label>
            {chosen && (
              <>
                <p data-testid="chosen-margin">
                  {c.price} {yenAmount(chosen.price)} ／ {c.cost} {yen(chosen.cost)} ／ {c.margin} {yen(chosen.margin)}
                </p>
                <ListEditor
                  key={chosen.menu_id}
                  kind="cost-line"
                  storeId={storeId}
                  items={lines}
                  collectionUrl="/api/admin/cost-lines"
                  itemUrl={(lineId) => `/api/admin/cost-lines/${encodeURIComponent(lineId)}`}
                  name={(l) => l.name}
                  view={(l) => (
                    <div data-testid="cost-line">
                      <strong>{l.name}</strong>{' '}
                      <span className="hint">
                        {l.quantity}
                        {l.unit} × {yenAmount(l.unit_cost)} = {c.lineCost} {yenAmount(l.quantity * l.unit_cost)}
                      </span>
                    </div>
                  )}
                  toForm={(l) => ({ name: l.name, quantity: l.quantity, unit: l.unit, unit_cost: l.unit_cost })}
                  Form={CostLineForm}
                  fixed={{ menu_id: chosen.menu_id }}
                  empty={c.noLines}
                  addTitle={c.addLine}
                  reload={load}
                />
              </>
            )}
          </section>

          <section aria-labelledby={`${id}-day`} data-testid="day-margin">
            <div className="admin-day-head">
              <h3 id={`${id}-day`}>{c.dayTitle(japaneseDate(report.day.date))}</h3>
              <InputField
                label={c.dayLabel}
                id={`${id}-date`}
                type="date"
                value={date ?? report.day.date}
                onChange={(e) => e.target.value && setDate(e.target.value)}
              />
            </div>
            {report.day.lines.length === 0 ? (
              <p className="empty">{c.noOrders}</p>
            ) : (
              <>
                <table className="cost-table">
                  <thead>
                    <tr>
                      <th scope="col">{c.menu}</th>
                      <th scope="col">{c.sold}</th>
                      <th scope="col">{c.sales}</th>
                      <th scope="col">{c.cost}</th>
                      <th scope="col">{c.margin}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.day.lines.map((l) => (
                      <tr key={l.menu_id}>
                        <th scope="row">{l.menu_name}</th>
                        <td>{l.quantity}</td>
                        <td>{yenAmount(l.sales)}</td>
                        <td>{yen(l.cost)}</td>
                        <td>{yen(l.margin)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="admin-day-figure" data-testid="day-totals">
                  {c.dayTotals(yenAmount(report.day.sales), yenAmount(report.day.cost), yenAmount(report.day.margin))}
                </p>
                {report.day.uncosted_sales > 0 && <p className="hint">{c.uncosted(yenAmount(report.day.uncosted_sales))}</p>}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
