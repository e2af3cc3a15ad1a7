import { useEffect, useId, useRef, useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { AreaOutletContext } from '#app/areas/store-choice';
import { useHydrated } from '#app/shared/hydrated';
import { adminStaffTexts as a, staffTexts as t } from './texts';
import { InputField, PageForm } from '#app/shared/fields';

/** The store the area works on (the layout's choice: staffStoreId or adminStoreId) and whether the page has hydrated. */
export function useAreaStore(): { storeId: string | null; storeName: string | null; ready: boolean } {
  const { storeId, stores } = useOutletContext<AreaOutletContext>();
  const ready = useHydrated();
  return { storeId, storeName: stores.find((s) => s.store_id === storeId)?.name ?? null, ready };
}

/** Spec: with no store chosen, a warning 店舗選択が必要です and a way back home. */
export function StoreRequired({ home }: { home: string }) {
  return (
    <section className="notice" role="note" data-testid="store-required">
      <h3>{t.storeRequiredTitle}</h3>
      <p>{t.storeRequiredBody}</p>
      <Link to={home} className="button">
        {t.backHome}
      </Link>
    </section>
  );
}

/** The collapsible description (説明を表示 / 説明を隠す). */
export function DescriptionPanel({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="sa-description">
      <button type="button" className="button secondary" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? t.hideDescription : t.showDescription}
      </button>
      <div id={id} hidden={!open} className="sa-description-body">
        {children}
      </div>
    </div>
  );
}

/** A failed load, said plainly, with 再試行. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="form-error sa-banner" role="alert">
      <span>{message}</span>
      <button type="button" className="button secondary" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

export function Loading() {
  return (
    <p className="hint" role="status" aria-live="polite">
      {t.loading}
    </p>
  );
}

/** A result to announce: a success (status) or a failure (alert). */
export type Notice = { kind: 'ok' | 'error'; text: string } | null;

export function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p className={notice.kind === 'ok' ? 'sa-ok' : 'form-error'} role={notice.kind === 'ok' ? 'status' : 'alert'} data-testid="notice">
      {notice.text}
    </p>
  );
}

/**
 * A modal question on a native <dialog> (focus kept inside, Escape cancels): a confirmation, or
 * with `input` a prompt whose answer must not be empty (the correction reason).
 */
export function AskDialog(props: {
  title: string;
  body?: ReactNode;
  input?: { label: string; required: string };
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: (value: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="sa-dialog"
      aria-labelledby={`${inputId}-title`}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <PageForm
        method="dialog"
        onSubmit={() => {
          if (props.input && !value.trim()) {
            setError(props.input.required);
            return;
          }
          props.onConfirm(value.trim());
        }}
      >
        <h3 id={`${inputId}-title`}>{props.title}</h3>
        {props.body && <div className="sa-dialog-body">{props.body}</div>}
        {props.input && (
          <label className="field" htmlFor={inputId}>
            {props.input.label}
            <input
              id={inputId}
              value={value}
              maxLength={500}
              aria-invalid={error !== null}
              onChange={(e) => {
                setValue(e.target.value);
                setError(null);
              }}
            />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="sa-actions">
          <button type="button" className="button secondary" onClick={props.onCancel} autoFocus={!props.input}>
            {props.cancelLabel}
          </button>
          <button type="submit" className={props.danger ? 'button danger' : 'button'}>
            {props.confirmLabel}
          </button>
        </div>
      </PageForm>
    </dialog>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** Plain strings (times, months) as choices labelled by themselves or by `label`. */
export function choicesOf(values: readonly string[], label: (value: string) => string = (v) => v): Choice[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A <select> of choices, with an empty first choice when `placeholder` is given (the spec's '--', '-- 選択してください --'). */
export function Choices({ options, placeholder, ...select }: { options: readonly Choice[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...select}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Save (or add, for a new record) and, when editing, cancel: the end of every editor form.
 * A screen with its own words or box (the menu editor, the settings screens) passes them.
 */
export function FormButtons(props: {
  busy: boolean;
  editing?: boolean;
  onCancel?: (() => void) | undefined;
  submitLabel?: string;
  cancelLabel?: string;
  className?: string;
}) {
  return (
    <div className={props.className ?? 'sa-actions'}>
      <button type="submit" className="button" disabled={props.busy}>
        {props.submitLabel ?? (props.editing ? a.save : a.add)}
      </button>
      {props.onCancel && (
        <button type="button" className="button secondary" onClick={props.onCancel}>
          {props.cancelLabel ?? a.cancel}
        </button>
      )}
    </div>
  );
}

/** A required number field of an editor form: its label, and the value as a number; with `error`, its problem beside it. */
export function NumberField(props: {
  id: string;
  label: string;
  value: number;
  busy: boolean;
  min: number;
  max?: number;
  step?: number | 'any';
  error?: string | null;
  onChange(value: number): void;
}) {
  return (
    <InputField
      id={props.id}
      label={props.label}
      type="number"
      required
      min={props.min}
      max={props.max}
      step={props.step}
      value={props.value}
      disabled={props.busy}
      error={props.error}
      onValue={(value) => props.onChange(Number(value))}
    />
  );
}

/** A table's header row of column names. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
