import { settingsTexts as t } from './texts';

/** The store a notice or a homepage card is about: every store (null), or one of them (decisions 134, 456). */
export function StoreScopeField(props: {
  label: string;
  value: string | null;
  stores: readonly { store_id: string; name: string }[];
  onValue(storeId: string | null): void;
}) {
  return (
    <label className="field">
      {props.label}
      <select value={props.value ?? ''} onChange={(e) => props.onValue(e.target.value || null)}>
        <option value="">{t.allStores}</option>
        {props.stores.map((s) => (
          <option key={s.store_id} value={s.store_id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
