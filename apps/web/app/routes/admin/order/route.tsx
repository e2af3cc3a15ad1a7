import { useCallback, useEffect, useId, useState } from 'react';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import type { Answer as RulesAnswer } from '#app/routes/api/order-rules/route';
import type { Answer as SuppliersAnswer } from '#app/routes/api/order-management/route';
import type { Answer as PurchasesAnswer } from '#app/routes/api/purchase-management/route';
import { FormButtons, LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { fieldsForm, ListEditor, type RecordForm, type RecordFormProps } from '#app/staff-area/list-editor';
import { orDash, shortLink, tokyoDateTimeLabel } from '#app/staff-area/presentation';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';
import { adminPageTitle } from '#app/admin-area/title';
import { errorOf, InputField, PageForm } from '#app/shared/fields';
import { staffScreenName } from '#app/areas/texts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(a.orderTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

type Supplier = SuppliersAnswer[number] & { reveal_count?: number; last_revealed_by?: string | null; last_revealed_at?: string | null };
type SupplierForm = { supplier_name: string; login_id: string; password?: string | null };

const RuleForm = fieldsForm<{ rule_content: string }>([{ name: 'rule_content', label: a.ruleContent, type: 'textarea', required: true }], { rule_content: '' });
const PurchaseForm = fieldsForm<{ supplier: string; product_name: string; purchase_url: string | null; notes: string }>(
  [
    { name: 'supplier', label: a.supplier, required: true },
    { name: 'product_name', label: a.productName, required: true },
    { name: 'purchase_url', label: a.purchaseUrl, type: 'url', emptyIsNull: true, placeholder: 'https://' },
    { name: 'notes', label: a.notes, type: 'textarea' },
  ],
  { supplier: '', product_name: '', purchase_url: '', notes: '' },
);

/** A supplier: the password typed is sent in clear over the same-origin call and sealed by the server; blank keeps it. */
const SupplierEditForm: RecordForm<SupplierForm> = Object.assign(SupplierFields, { fields: ['supplier_name', 'login_id', 'password'] });

function SupplierFields({ initial, busy, refusal, onSave, onCancel }: RecordFormProps<SupplierForm>) {
  const [name, setName] = useState(initial?.supplier_name ?? '');
  const [loginId, setLoginId] = useState(initial?.login_id ?? '');
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const id = useId();
  return (
    <PageForm
      className="sa-editor-row"
      onSubmit={() => {
        // Left out: keep the stored password; null: remove it.
        const next = removePassword ? { password: null } : password ? { password } : initial ? {} : { password: null };
        onSave({ supplier_name: name, login_id: loginId, ...next });
      }}
    >
      <InputField label={a.supplierName} id={`${id}-name`} required value={name} disabled={busy} error={errorOf(refusal, 'supplier_name')} onValue={setName} />
      <InputField
        label={a.loginId}
        id={`${id}-login`}
        value={loginId}
        disabled={busy}
        autoComplete="off"
        error={errorOf(refusal, 'login_id')}
        onValue={setLoginId}
      />
      <InputField
        label={a.password}
        id={`${id}-password`}
        type="password"
        autoComplete="new-password"
        value={password}
        disabled={busy || removePassword}
        placeholder={initial ? a.passwordKeep : ''}
        error={errorOf(refusal, 'password')}
        onValue={setPassword}
      />
      {initial && (
        <label>
          <input type="checkbox" checked={removePassword} onChange={(e) => setRemovePassword(e.target.checked)} /> {a.passwordRemove}
        </label>
      )}
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
    </PageForm>
  );
}

/** /admin/order: the order rules, suppliers and purchase items /staff/order shows. */
export default function AdminOrder() {
  const { storeId, ready } = useAreaStore();
  const [rules, setRules] = useState<RulesAnswer | null>(null);
  const [suppliers, setSuppliers] = useState<Supplier[] | null>(null);
  const [purchases, setPurchases] = useState<PurchasesAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const q = storeId ? `?store_id=${encodeURIComponent(storeId)}` : '';
  const loadRules = useCallback(async () => {
    const r = await callJson<RulesAnswer>(`/api/order-rules${q}`, { noStore: true });
    if (r.ok) setRules(r.body);
    else setFailed(true);
  }, [q]);
  const loadSuppliers = useCallback(async () => {
    const r = await callJson<Supplier[]>(`/api/order-management${q}`, { noStore: true });
    if (r.ok) setSuppliers(r.body);
    else setFailed(true);
  }, [q]);
  const loadPurchases = useCallback(async () => {
    const r = await callJson<PurchasesAnswer>(`/api/purchase-management${q}`, { noStore: true });
    if (r.ok) setPurchases(r.body);
    else setFailed(true);
  }, [q]);
  const loadAll = useCallback(async () => {
    if (!q) return;
    setFailed(false);
    await Promise.all([loadRules(), loadSuppliers(), loadPurchases()]);
  }, [q, loadRules, loadSuppliers, loadPurchases]);
  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  return (
    <div className="sa-page" data-ready={ready && rules && suppliers && purchases ? 'true' : undefined}>
      <h2>{a.orderTitle}</h2>
      <p className="hint">{a.shownOnStaff(staffScreenName('order'))}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void loadAll()} />}
      {(!rules || !suppliers || !purchases) && !failed && <Loading />}
      {storeId && rules && (
        <section aria-labelledby="admin-rules">
          <h3 id="admin-rules">{t.orderRulesTitle}</h3>
          <ListEditor
            kind="order-rule"
            storeId={storeId}
            items={rules}
            collectionUrl="/api/order-rules"
            itemUrl={(id) => `/api/order-rules/${encodeURIComponent(id)}`}
            name={(r) => r.rule_content.slice(0, 30)}
            view={(r) => <p className="sa-pre">{r.rule_content}</p>}
            toForm={(r) => ({ rule_content: r.rule_content })}
            Form={RuleForm}
            empty={t.noOrderRules}
            addTitle={`${t.orderRulesTitle}：${a.add}`}
            reload={loadRules}
          />
        </section>
      )}
      {storeId && suppliers && (
        <section aria-labelledby="admin-suppliers">
          <h3 id="admin-suppliers">{t.suppliersTitle}</h3>
          <ListEditor
            kind="supplier"
            storeId={storeId}
            items={suppliers}
            collectionUrl="/api/order-management"
            itemUrl={(id) => `/api/order-management/${encodeURIComponent(id)}`}
            name={(s) => s.supplier_name}
            view={(s) => (
              <div>
                <strong>{s.supplier_name}</strong>
                <div className="hint">
                  {a.loginId}：{orDash(s.login_id)} ／ {a.password}：{s.has_password ? a.passwordKept : a.noPassword}
                </div>
                {(s.has_password || (s.reveal_count ?? 0) > 0) && (
                  <div className="hint" data-testid="reveal-log">
                    {a.revealLog(s.reveal_count ?? 0, s.last_revealed_by ?? null, s.last_revealed_at ? tokyoDateTimeLabel(s.last_revealed_at) : null)}
                  </div>
                )}
              </div>
            )}
            toForm={(s) => ({ supplier_name: s.supplier_name, login_id: s.login_id ?? '' })}
            Form={SupplierEditForm}
            empty={t.noSuppliers}
            addTitle={`${t.suppliersTitle}：${a.add}`}
            reload={loadSuppliers}
          />
        </section>
      )}
      {storeId && purchases && (
        <section aria-labelledby="admin-purchases">
          <h3 id="admin-purchases">{t.purchasesTitle}</h3>
          <ListEditor
            kind="purchase-item"
            storeId={storeId}
            items={purchases}
            collectionUrl="/api/purchase-management"
            itemUrl={(id) => `/api/purchase-management/${encodeURIComponent(id)}`}
            name={(p) => p.product_name}
            view={(p) => (
              <div>
                <strong>{p.product_name}</strong>（{p.supplier}）{p.purchase_url && <div className="hint">{shortLink(p.purchase_url)}</div>}
                {p.notes && <div className="hint sa-pre">{p.notes}</div>}
              </div>
            )}
            toForm={(p) => ({ supplier: p.supplier, product_name: p.product_name, purchase_url: p.purchase_url ?? '', notes: p.notes })}
            Form={PurchaseForm}
            empty={t.noPurchases}
            addTitle={`${t.purchasesTitle}：${a.add}`}
            reload={loadPurchases}
          />
        </section>
      )}
    </div>
  );
}
