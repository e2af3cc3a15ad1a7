import { useId, useState } from 'react';
import { useLoad } from '#app/shared/use-load';
import type { Route } from './+types/route';
import { adminPageTitle } from '#app/admin-area/title';
import { storeTexts as s } from '#app/admin-area/texts';
import { callJson } from '#app/http/api-client';
import type { Answer as StoresAnswer } from '#app/routes/api/admin/stores/route';
import { AskDialog, FormButtons, LoadError, Loading, NoticeLine, NumberField } from '#app/staff-area/components';
import { useEditorCalls, type FieldRefusal } from '#app/staff-area/list-editor';
import { errorOf, InputField } from '#app/shared/fields';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(s.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

type Store = StoresAnswer[number];
type StoreForm = Pick<
  Store,
  'name' | 'postal_code' | 'address' | 'phone' | 'email' | 'access_note' | 'display_order' | 'second_factor_for_staff' | 'wage_retention_years'
>;

const blank: StoreForm = {
  name: '',
  postal_code: null,
  address: '',
  phone: '',
  email: null,
  access_note: null,
  display_order: 0,
  second_factor_for_staff: false,
  wage_retention_years: 5,
};
const orNull = (value: string) => (value.trim() === '' ? null : value);
/** The store form's fields that show their own problem. */
const STORE_FIELDS = ['name', 'postal_code', 'address', 'phone', 'email', 'access_note', 'display_order', 'wage_retention_years'];

function StoreFields({
  initial,
  busy,
  refusal,
  onSave,
  onCancel,
}: {
  initial: StoreForm | null;
  busy: boolean;
  refusal: FieldRefusal | null;
  onSave(data: StoreForm): void;
  onCancel?: () => void;
}) {
  const [v, setV] = useState<StoreForm>(initial ?? blank);
  const id = useId();
  const field = (key: 'name' | 'address' | 'phone' | 'postal_code' | 'email' | 'access_note', label: string, max: number) => ({
    id: `${id}-${key}`,
    label,
    maxLength: max,
    value: v[key] ?? '',
    disabled: busy,
    error: errorOf(refusal, key),
  });
  const text = (key: 'name' | 'address' | 'phone', label: string, max: number) => (
    <InputField {...field(key, label, max)} required onValue={(value) => setV({ ...v, [key]: value })} />
  );
  const optional = (key: 'postal_code' | 'email' | 'access_note', label: string, max: number, type = 'text') => (
    <InputField {...field(key, label, max)} type={type} onValue={(value) => setV({ ...v, [key]: orNull(value) })} />
  );
  return (
    <form
      className="sa-editor-row"
      data-testid="store-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(v);
      }}
    >
      {text('name', s.name, 100)}
      {optional('postal_code', s.postalCode, 8)}
      {text('address', s.address, 300)}
      {text('phone', s.phone, 21)}
      {optional('email', s.email, 200, 'email')}
      {optional('access_note', s.accessNote, 500)}
      <NumberField
        id={`${id}-order`}
        label={s.displayOrder}
        min={0}
        max={1_000_000}
        value={v.display_order}
        busy={busy}
        error={errorOf(refusal, 'display_order')}
        onChange={(display_order) => setV({ ...v, display_order })}
      />
      <label className="field" htmlFor={`${id}-factor`}>
        <span>
          <input
            id={`${id}-factor`}
            type="checkbox"
            checked={v.second_factor_for_staff}
            disabled={busy}
            onChange={(e) => setV({ ...v, second_factor_for_staff: e.target.checked })}
          />{' '}
          {s.secondFactorForStaff}
        </span>
      </label>
      <NumberField
        id={`${id}-retention`}
        label={s.wageRetentionYears}
        min={1}
        max={20}
        value={v.wage_retention_years}
        busy={busy}
        error={errorOf(refusal, 'wage_retention_years')}
        onChange={(wage_retention_years) => setV({ ...v, wage_retention_years })}
      />
      <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} submitLabel={initial ? s.save : s.add} cancelLabel={s.cancel} />
    </form>
  );
}

/**
 * Opens a store's own settings screen (they work on the admin's chosen store): the link chooses
 * this store first (spec: `adminStoreId`), then loads the screen.
 */
function SettingsLinks({ store }: { store: Store }) {
  const choose = () => {
    try {
      window.localStorage.setItem('adminStoreId', store.store_id);
    } catch {
      // Without storage the screen asks for the store choice itself.
    }
  };
  const links = [
    ['store-coordinates', s.coordinates],
    ['business-hours', s.businessHours],
    ['tax-management', s.tax],
    ['seats', s.seats],
  ] as const;
  return (
    <nav aria-label={`${store.name} ${s.settingsOf}`} className="hint">
      {s.settingsOf}：
      {links.map(([path, label], i) => (
        <span key={path}>
          {i > 0 && '／'}
          <a href={`/admin/${path}?store_id=${encodeURIComponent(store.store_id)}`} onClick={choose} data-testid={`store-link-${path}`}>
            {label}
          </a>
        </span>
      ))}
    </nav>
  );
}

/** /admin/stores (decision 320): every store of the chain; add, edit and close one (after a confirmation). */
export default function StoresEditor() {
  const loaded = useLoad<StoresAnswer>('/api/admin/stores');
  const stores: Store[] | null = loaded.data;
  const { failed, reload: load } = loaded;
  const [editing, setEditing] = useState<string | null>(null);
  const [closing, setClosing] = useState<Store | null>(null);
  const [formKey, setFormKey] = useState(0);
  const addId = useId();
  const { busy, notice, run, refusalOf } = useEditorCalls(load, STORE_FIELDS);

  return (
    <div className="sa-page" data-testid="stores-editor" data-ready={stores ? 'true' : undefined}>
      <h2>{s.title}</h2>
      <p className="hint">{s.intro}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!stores && !failed && <Loading />}
      <NoticeLine notice={notice} />
      {stores && stores.length === 0 && <p className="empty">{s.empty}</p>}
      {stores && stores.length > 0 && (
        <ol className="sa-list" data-testid="store-list">
          {stores.map((store) => (
            <li key={store.store_id} data-id={store.store_id} data-testid="store-row">
              {editing === store.store_id ? (
                <StoreFields
                  initial={store}
                  busy={busy}
                  refusal={refusalOf(store.store_id)}
                  onCancel={() => setEditing(null)}
                  onSave={(data) =>
                    void run(
                      () => callJson(`/api/admin/stores/${encodeURIComponent(store.store_id)}`, { method: 'PUT', body: data }),
                      s.saved,
                      store.store_id,
                    ).then((ok) => ok && setEditing(null))
                  }
                />
              ) : (
                <div>
                  <strong>{store.name}</strong> <span className="sa-badge">{store.closed_on ? s.closed(store.closed_on) : s.open}</span>
                  <div className="hint">
                    {store.postal_code ? `〒${store.postal_code} ` : ''}
                    {store.address} ／ {store.phone}
                    {store.email ? ` ／ ${store.email}` : ''}
                  </div>
                  {store.access_note && <div className="hint">{store.access_note}</div>}
                  <div className="hint" data-testid="store-staff-settings">
                    {store.second_factor_for_staff ? `${s.secondFactorOn} ／ ` : ''}
                    {s.wageRetentionShown(store.wage_retention_years)}
                  </div>
                  {!store.closed_on && <SettingsLinks store={store} />}
                  {!store.closed_on && (
                    <p>
                      <button type="button" className="button secondary" disabled={busy} onClick={() => setEditing(store.store_id)}>
                        {s.edit}
                      </button>{' '}
                      <button type="button" className="button danger" disabled={busy} onClick={() => setClosing(store)}>
                        {s.close}
                      </button>
                    </p>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <section className="sa-editor" aria-labelledby={addId}>
        <h3 id={addId}>{s.addTitle}</h3>
        <StoreFields
          key={formKey}
          initial={null}
          busy={busy}
          refusal={refusalOf('new')}
          onSave={(data) =>
            void run(() => callJson('/api/admin/stores', { body: data }), s.added(data.name), 'new').then((ok) => ok && setFormKey((k) => k + 1))
          }
        />
      </section>
      {closing && (
        <AskDialog
          title={s.confirmCloseTitle}
          body={<p>{s.confirmClose(closing.name)}</p>}
          confirmLabel={s.close}
          cancelLabel={s.cancel}
          danger
          onCancel={() => setClosing(null)}
          onConfirm={() => {
            const store = closing;
            setClosing(null);
            void run(() => callJson(`/api/admin/stores/${encodeURIComponent(store.store_id)}/close`, { method: 'POST' }), s.closedDone(store.name));
          }}
        />
      )}
    </div>
  );
}
