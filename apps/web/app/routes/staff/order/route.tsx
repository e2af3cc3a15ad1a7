import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import type { Answer as RulesAnswer } from '#app/routes/api/order-rules/route';
import type { Answer as SuppliersAnswer } from '#app/routes/api/order-management/route';
import type { Answer as RevealAnswer } from '#app/routes/api/order-management/$id/reveal-password/route';
import type { Answer as PurchasesAnswer } from '#app/routes/api/purchase-management/route';
import { LoadError, Loading, NoticeLine, StoreRequired, TableHead, useAreaStore, type Notice } from '#app/staff-area/components';
import { orDash, shortLink } from '#app/staff-area/presentation';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.orderTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

interface OrderInfo {
  rules: RulesAnswer;
  suppliers: SuppliersAnswer;
  purchases: PurchasesAnswer;
}

/** /staff/order: order rules, suppliers (password masked until revealed, on record) and purchase items of the store. */
export default function StaffOrder() {
  const { storeId, ready } = useAreaStore();
  const [info, setInfo] = useState<OrderInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);

  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const q = `?store_id=${encodeURIComponent(storeId)}`;
    const [rules, suppliers, purchases] = await Promise.all([
      callJson<RulesAnswer>(`/api/order-rules${q}`, { noStore: true }),
      callJson<SuppliersAnswer>(`/api/order-management${q}`, { noStore: true }),
      callJson<PurchasesAnswer>(`/api/purchase-management${q}`, { noStore: true }),
    ]);
    if (rules.ok && suppliers.ok && purchases.ok) setInfo({ rules: rules.body, suppliers: suppliers.body, purchases: purchases.body });
    else setFailed(true);
  }, [storeId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (ready && !storeId) return <StoreRequired home="/staff" />;

  async function reveal(id: string) {
    setNotice(null);
    const r = await callJson<RevealAnswer>(`/api/order-management/${encodeURIComponent(id)}/reveal-password`, { method: 'POST', body: {} });
    if (!r.ok) return setNotice({ kind: 'error', text: t.revealFailed(r.message ?? r.body.error ?? t.cannotReachServer) });
    setRevealed((current) => ({ ...current, [id]: r.body.password ?? t.empty }));
  }
  const hide = (id: string) =>
    setRevealed((current) => {
      const { [id]: _hidden, ...rest } = current;
      return rest;
    });

  return (
    <div className="sa-page" data-ready={ready && info ? 'true' : undefined}>
      <h2>{t.orderTitle}</h2>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!info && !failed && <Loading />}
      {info && (
        <>
          <section aria-labelledby="order-rules">
            <h3 id="order-rules">{t.orderRulesTitle}</h3>
            {info.rules.length === 0 ? (
              <p className="empty">{t.noOrderRules}</p>
            ) : (
              <table className="data-table">
                <tbody>
                  {info.rules.map((rule, i) => (
                    <tr key={rule.id}>
                      <td>{i + 1}</td>
                      <td className="sa-pre">{rule.rule_content}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="suppliers">
            <h3 id="suppliers">{t.suppliersTitle}</h3>
            <p className="hint">{t.revealNote}</p>
            <NoticeLine notice={notice} />
            {info.suppliers.length === 0 ? (
              <p className="empty">{t.noSuppliers}</p>
            ) : (
              <table className="data-table" data-testid="suppliers">
                <TableHead columns={[t.colSupplierName, t.colPassword, t.colLoginId]} />
                <tbody>
                  {info.suppliers.map((s) => (
                    <tr key={s.id}>
                      <td>{orDash(s.supplier_name)}</td>
                      <td>
                        {!s.has_password ? (
                          t.empty
                        ) : s.id in revealed ? (
                          <span className="sa-secret">
                            <code data-testid="password">{revealed[s.id]}</code>
                            <button type="button" className="button secondary" onClick={() => hide(s.id)}>
                              {t.hidePassword}
                            </button>
                          </span>
                        ) : (
                          <span className="sa-secret">
                            <span aria-label={t.colPassword}>{t.maskedPassword}</span>
                            <button
                              type="button"
                              className="button secondary"
                              onClick={() => void reveal(s.id)}
                              aria-label={`${s.supplier_name} ${t.revealPassword}`}
                            >
                              {t.revealPassword}
                            </button>
                          </span>
                        )}
                      </td>
                      <td>{orDash(s.login_id)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="purchases">
            <h3 id="purchases">{t.purchasesTitle}</h3>
            {info.purchases.length === 0 ? (
              <p className="empty">{t.noPurchases}</p>
            ) : (
              <table className="data-table">
                <TableHead columns={[t.colSupplier, t.colProduct, t.colLink, t.colNotes]} />
                <tbody>
                  {info.purchases.map((p) => (
                    <tr key={p.id}>
                      <td>{orDash(p.supplier)}</td>
                      <td>{orDash(p.product_name)}</td>
                      <td>
                        {p.purchase_url ? (
                          <a href={p.purchase_url} target="_blank" rel="noopener noreferrer" title={p.purchase_url}>
                            {shortLink(p.purchase_url)}
                          </a>
                        ) : (
                          t.empty
                        )}
                      </td>
                      <td className="sa-pre">{orDash(p.notes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
