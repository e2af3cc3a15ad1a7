import { useFieldError } from '#app/shared/fields';
import { settingsTexts as t } from './texts';

/** The store a notice or a homepage card is about: every store (null), or one of them (decisions 134, 456); with `error`, its problem beside it. */
export function StoreScopeField(props: {
  label: string;
  value: string | null;
  stores: readonly { store_id: string; name: string }[];
  error?: string | null;
  onValue(storeId: string | null): void;
}) {
  const problem = useFieldError(props.error);
  return (
    <>
      <label className="field">
        {props.label}
        <select value={props.value ?? ''} {...problem.control} onChange={(e) => props.onValue(e.target.value || null)}>
          <option value="">{t.allStores}</option>
          {props.stores.map((s) => (
            <option key={s.store_id} value={s.store_id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {problem.words}
    </>
  );
}
