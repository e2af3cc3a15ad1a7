import { useCallback, useEffect, useState } from 'react';
import type { Answer as StockAnswer } from '#app/routes/api/admin/menu-stock/route';
import type { SaveAnswer } from '#app/routes/api/admin/menu-stock/$id/route';
import { useLiveFeed } from '#app/shared/live-feed';
import { LoadError } from './guest-notices';
import { tableCall } from './table-call';
import { orderTexts } from './texts';
import { stockTexts as t } from './staff-texts';

type Item = StockAnswer['items'][number];

interface Row {
  manage: boolean;
  quantity: string;
  soldOut: boolean;
  /** The count shown when the row was loaded: a save over a count that orders changed is refused. */
  loadedQuantity: number;
  dirty: boolean;
  message: string | null;
  saving: boolean;
}

const rowOf = (item: Item): Row => ({
  manage: item.manage_stock === 1,
  quantity: String(item.quantity),
  soldOut: item.is_sold_out === 1,
  loadedQuantity: item.quantity,
  dirty: false,
  message: null,
  saving: false,
});

/** Spec §5: a non-negative integer. */
function parseQuantity(text: string): number | null {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The stock editor (/kitchen/stock, /monitor/stock; spec §2 "Stock"): per menu item of the order
 * page, whether it is counted, its count (a non-negative integer) and its sold-out mark; the two
 * are disabled while the item is not counted. Counts that orders change arrive live; a row being
 * edited keeps what staff typed.
 */
export function StockEditor({ storeId }: { storeId: string | null }) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [failed, setFailed] = useState(false);
  const query = storeId ? `?store_id=${encodeURIComponent(storeId)}` : '';

  const load = useCallback(async () => {
    const r = await tableCall<StockAnswer>(`/api/admin/menu-stock${query}`);
    if (r.status !== 200 || !r.body.items) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setItems(r.body.items);
    // A row being edited keeps what staff typed; a saved row keeps its message until it is edited again.
    setRows((old) => Object.fromEntries(r.body.items.map((i) => [i.id, old[i.id]?.dirty ? old[i.id]! : { ...rowOf(i), message: old[i.id]?.message ?? null }])));
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);
  useLiveFeed({ topics: ['kitchen'], events: ['stock-updated'], onMessage: () => void load() });

  const change = (id: string, patch: Partial<Row>) => setRows((r) => ({ ...r, [id]: { ...r[id]!, ...patch, dirty: true, message: null } }));

  const save = async (item: Item, override: Partial<Row> = {}) => {
    const row = { ...rows[item.id]!, ...override };
    const quantity = parseQuantity(row.quantity);
    if (quantity === null) {
      setRows((r) => ({ ...r, [item.id]: { ...row, message: t.quantityInvalid } }));
      return;
    }
    setRows((r) => ({ ...r, [item.id]: { ...row, saving: true } }));
    const answer = await tableCall<SaveAnswer & { quantity?: number }>(`/api/admin/menu-stock/${encodeURIComponent(item.id)}`, {
      body: { quantity, manage_stock: row.manage, is_sold_out: row.soldOut, expected_quantity: row.loadedQuantity },
    });
    if (answer.status === 200) {
      setRows((r) => ({ ...r, [item.id]: { ...row, quantity: String(quantity), loadedQuantity: quantity, dirty: false, saving: false, message: t.saved } }));
      void load();
      return;
    }
    const now = answer.body.error === 'stock_changed' ? answer.body.quantity : undefined;
    setRows((r) => ({
      ...r,
      [item.id]: { ...row, saving: false, loadedQuantity: now ?? row.loadedQuantity, message: answer.body.message ?? answer.body.error ?? t.saveFailed },
    }));
  };

  return (
    <section className="stock-editor" data-testid="stock-editor">
      <h2>{t.title}</h2>
      {items === null && !failed && <p aria-busy="true">{orderTexts.loading}</p>}
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {items?.length === 0 && <p className="empty">{t.empty}</p>}
      {items && items.length > 0 && (
        // On a phone the table scrolls inside its own box, the item's name staying in view (decision 280).
        <div className="stock-scroll" role="region" aria-label={t.title} tabIndex={0}>
          <table className="data-table stock-table">
            <thead>
              <tr>
                <th scope="col">{t.item}</th>
                <th scope="col">{t.manage}</th>
                <th scope="col">{t.quantity}</th>
                <th scope="col">{t.soldOut}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const row = rows[item.id] ?? rowOf(item);
                const orderable = !row.manage || ((parseQuantity(row.quantity) ?? 0) > 0 && !row.soldOut);
                return (
                  <tr key={item.id} data-testid="stock-row" data-menu-id={item.id}>
                    <th scope="row">{item.name}</th>
                    <td>
                      <input
                        type="checkbox"
                        checked={row.manage}
                        onChange={(e) => change(item.id, { manage: e.target.checked })}
                        aria-label={`${item.name} ${t.manage}`}
                      />
                    </td>
                    <td>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        value={row.quantity}
                        disabled={!row.manage}
                        onChange={(e) => change(item.id, { quantity: e.target.value })}
                        aria-label={`${item.name} ${t.quantity}`}
                        aria-invalid={row.manage && parseQuantity(row.quantity) === null}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        checked={row.soldOut}
                        disabled={!row.manage}
                        onChange={(e) => change(item.id, { soldOut: e.target.checked })}
                        aria-label={`${item.name} ${t.soldOut}`}
                      />
                    </td>
                    <td>{orderable ? t.orderable : t.notOrderable}</td>
                    <td>
                      <div className="stock-actions">
                        {/* One action (decision 188): sold out now, counted from here on; undone, a count of 0 stops counting. */}
                        {row.manage && row.soldOut && !row.dirty ? (
                          <button
                            type="button"
                            className="button secondary"
                            disabled={row.saving}
                            onClick={() => void save(item, { soldOut: false, manage: (parseQuantity(row.quantity) ?? 0) > 0 })}
                          >
                            {t.clearSoldOut}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button secondary danger"
                            disabled={row.saving}
                            onClick={() => void save(item, { manage: true, soldOut: true })}
                          >
                            {t.markSoldOut}
                          </button>
                        )}
                        <button type="button" className="button" disabled={row.saving} onClick={() => void save(item)}>
                          {row.saving ? t.saving : t.save}
                        </button>
                        {row.message && (
                          <span className="stock-message hint" role="status">
                            {row.message}
                          </span>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
