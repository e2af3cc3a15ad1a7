import { useId, useState, type ComponentType, type ReactNode } from 'react';
import type { OrderedKind } from '@moncafe/domain/catalog/display-order';
import { callJson } from '#app/http/api-client';
import { AskDialog, FormButtons, NoticeLine, type Notice } from './components';
import { RowActions } from './row-actions';
import { adminStaffTexts as a, staffTexts as t } from './texts';
import { PageForm } from '#app/shared/fields';

/** What an editor's form gets: the record's fields (null for a new one), and what to do with them. */
export interface RecordFormProps<D> {
  initial: D | null;
  busy: boolean;
  onSave(data: D): void;
  onCancel?: () => void;
}

interface Item {
  id: string;
  display_order: number;
}

/**
 * An admin list of one kind of the staff area's reference data (checklist tasks, order rules,
 * suppliers, purchase items, recipes, serve methods): each row with edit, up, down and remove
 * (after a confirmation), and a form to add one. Writes go through the kind's calls
 * (`POST collection`, `PUT` / `DELETE` item, `POST /api/admin/display-order`); the list reloads after each.
 */
export function ListEditor<T extends Item, D extends object>(props: {
  kind: OrderedKind;
  storeId: string;
  items: readonly T[];
  collectionUrl: string;
  itemUrl(id: string): string;
  /** What the confirmation and the buttons call a row. */
  name(item: T): string;
  view(item: T): ReactNode;
  toForm(item: T): D;
  Form: ComponentType<RecordFormProps<D>>;
  /** Fields every saved record carries besides the form's (a checklist's `list`, a serve method's `menu_id`). */
  fixed?: Record<string, unknown>;
  empty: string;
  addTitle: string;
  reload(): Promise<void>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [formKey, setFormKey] = useState(0);
  const addId = useId();

  async function run(call: () => ReturnType<typeof callJson>, done: string) {
    setBusy(true);
    setNotice(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setNotice({ kind: 'error', text: a.saveFailed(r.message ?? (r.body as { error?: string }).error ?? t.cannotReachServer) });
      return false;
    }
    setNotice({ kind: 'ok', text: done });
    await props.reload();
    return true;
  }

  const record = (data: D, displayOrder: number) => ({ ...data, ...props.fixed, store_id: props.storeId, display_order: displayOrder });
  const save = async (item: T | null, data: D) => {
    const ok = item
      ? await run(() => callJson(props.itemUrl(item.id), { method: 'PUT', body: record(data, item.display_order) }), a.saved)
      : await run(() => callJson(props.collectionUrl, { method: 'POST', body: record(data, props.items.length + 1) }), a.saved);
    if (ok) {
      setEditing(null);
      if (!item) setFormKey((k) => k + 1);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = props.items.map((i) => i.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void run(() => callJson('/api/admin/display-order', { body: { kind: props.kind, ids } }), a.saved);
  };

  const { Form } = props;
  return (
    <div className="sa-page">
      <NoticeLine notice={notice} />
      {props.items.length === 0 ? (
        <p className="empty">{props.empty}</p>
      ) : (
        <ol className="sa-list" data-testid="editor-list">
          {props.items.map((item, index) => (
            <li key={item.id} data-id={item.id}>
              <span className="sa-number">{index + 1}</span>
              {editing === item.id ? (
                <Form initial={props.toForm(item)} busy={busy} onSave={(data) => void save(item, data)} onCancel={() => setEditing(null)} />
              ) : (
                <div>{props.view(item)}</div>
              )}
              {editing !== item.id && (
                <RowActions
                  label={props.name(item)}
                  texts={a}
                  busy={busy}
                  index={index}
                  count={props.items.length}
                  onEdit={() => setEditing(item.id)}
                  onMove={(step) => move(index, step)}
                  onRemove={() => setRemoving(item)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      <section className="sa-editor" aria-labelledby={addId}>
        <h3 id={addId}>{props.addTitle}</h3>
        <Form key={formKey} initial={null} busy={busy} onSave={(data) => void save(null, data)} />
      </section>
      {removing && (
        <AskDialog
          title={a.confirmTitle}
          body={<p>{a.confirmRemove(props.name(removing))}</p>}
          confirmLabel={a.remove}
          cancelLabel={a.cancel}
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const item = removing;
            setRemoving(null);
            void run(() => callJson(props.itemUrl(item.id), { method: 'DELETE', body: { remove: true } }), a.removed);
          }}
        />
      )}
    </div>
  );
}

/** A form of plain fields (text, long text, number, URL, password), for the simpler kinds. */
export interface FieldSpec<D> {
  name: keyof D & string;
  label: string;
  type?: 'text' | 'textarea' | 'number' | 'url' | 'password';
  required?: boolean;
  placeholder?: string;
  /** An empty field is sent as null (an optional URL). */
  emptyIsNull?: boolean;
}

export function fieldsForm<D extends Record<string, string | number | null | undefined>>(fields: readonly FieldSpec<D>[], blank: D) {
  return function FieldsForm({ initial, busy, onSave, onCancel }: RecordFormProps<D>) {
    const [values, setValues] = useState<D>(initial ?? blank);
    const id = useId();
    return (
      <PageForm
        className="sa-editor-row"
        onSubmit={() => {
          const nulls = fields.filter((f) => f.emptyIsNull && values[f.name] === '').map((f) => [f.name, null]);
          onSave({ ...values, ...Object.fromEntries(nulls) });
        }}
      >
        {fields.map((f) => {
          const value = values[f.name];
          const set = (v: string) => setValues({ ...values, [f.name]: f.type === 'number' ? (v === '' ? null : Number(v)) : v });
          const common = { id: `${id}-${f.name}`, required: f.required, placeholder: f.placeholder, disabled: busy };
          return (
            <label key={f.name} className="field" htmlFor={`${id}-${f.name}`}>
              {f.label}
              {f.type === 'textarea' ? (
                <textarea {...common} value={String(value ?? '')} onChange={(e) => set(e.target.value)} />
              ) : (
                <input
                  {...common}
                  type={f.type ?? 'text'}
                  min={f.type === 'number' ? 0 : undefined}
                  autoComplete={f.type === 'password' ? 'new-password' : undefined}
                  value={String(value ?? '')}
                  onChange={(e) => set(e.target.value)}
                />
              )}
            </label>
          );
        })}
        <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
      </PageForm>
    );
  };
}
