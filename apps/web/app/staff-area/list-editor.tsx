import { useId, useState, type ComponentType, type ReactNode } from 'react';
import type { OrderedKind } from '@moncafe/domain/catalog/display-order';
import { callJson } from '#app/http/api-client';
import { AskDialog, FormButtons, NoticeLine, type Notice } from './components';
import { RowActions } from './row-actions';
import { adminStaffTexts as a, staffTexts as t } from './texts';
import { errorOf, fieldProblemOf, InputField, PageForm, TextAreaField } from '#app/shared/fields';

/**
 * What an editor's form gets: the record's fields (null for a new one), what to do with them, and
 * the refusal of its last save when it names one of the form's `fields` (shown beside that field).
 */
export interface RecordFormProps<D> {
  initial: D | null;
  busy: boolean;
  refusal?: FieldRefusal | null;
  onSave(data: D): void;
  onCancel?: () => void;
}

/** A refused save's problem at one field, in the owner's words. */
export type FieldRefusal = { field: string; error: string };

/** An editor's form, with the fields that show their own problem (a refusal naming another is said above the list). */
export type RecordForm<D> = ComponentType<RecordFormProps<D>> & { fields?: readonly string[] };

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
  Form: RecordForm<D>;
  /** Fields every saved record carries besides the form's (a checklist's `list`, a serve method's `menu_id`). */
  fixed?: Record<string, unknown>;
  empty: string;
  addTitle: string;
  reload(): Promise<void>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const { busy, notice, run, refusalOf } = useEditorCalls(props.reload, props.Form.fields ?? [], a.saveFailed);
  const [formKey, setFormKey] = useState(0);
  const addId = useId();

  const record = (data: D, displayOrder: number) => ({ ...data, ...props.fixed, store_id: props.storeId, display_order: displayOrder });
  const save = async (item: T | null, data: D) => {
    const ok = item
      ? await run(() => callJson(props.itemUrl(item.id), { method: 'PUT', body: record(data, item.display_order) }), a.saved, item.id)
      : await run(() => callJson(props.collectionUrl, { method: 'POST', body: record(data, props.items.length + 1) }), a.saved, 'new');
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
                <Form
                  initial={props.toForm(item)}
                  busy={busy}
                  refusal={refusalOf(item.id)}
                  onSave={(data) => void save(item, data)}
                  onCancel={() => setEditing(null)}
                />
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
        <Form key={formKey} initial={null} busy={busy} refusal={refusalOf('new')} onSave={(data) => void save(null, data)} />
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

/**
 * An editor's calls: busy while one runs, then a notice (saved, or why not) — or, for a form's save
 * (`from`: the record's id, or `new`) refused at one of the form's `fields`, that refusal, for the
 * form to show beside the field. After a call that went through, the list reloads.
 */
export function useEditorCalls(reload: () => Promise<void>, fields: readonly string[], failed: (why: string) => string = (why) => why) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [refusal, setRefusal] = useState<(FieldRefusal & { from: string }) | null>(null);
  async function run(call: () => ReturnType<typeof callJson>, done: string, from: string | null = null): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    setRefusal(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      const problem = from === null ? null : fieldProblemOf(r, fields);
      if (problem && from !== null) setRefusal({ ...problem, from });
      else setNotice({ kind: 'error', text: failed(r.message ?? (r.body as { error?: string }).error ?? t.cannotReachServer) });
      return false;
    }
    setNotice({ kind: 'ok', text: done });
    await reload();
    return true;
  }
  return { busy, notice, run, refusalOf: (from: string) => (refusal?.from === from ? refusal : null) };
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

export function fieldsForm<D extends Record<string, string | number | null | undefined>>(fields: readonly FieldSpec<D>[], blank: D): RecordForm<D> {
  function FieldsForm({ initial, busy, refusal, onSave, onCancel }: RecordFormProps<D>) {
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
          const common = {
            id: `${id}-${f.name}`,
            label: f.label,
            required: f.required,
            placeholder: f.placeholder,
            disabled: busy,
            value: String(value ?? ''),
            error: errorOf(refusal, f.name),
            onValue: set,
          };
          return f.type === 'textarea' ? (
            <TextAreaField key={f.name} {...common} />
          ) : (
            <InputField
              key={f.name}
              {...common}
              type={f.type ?? 'text'}
              min={f.type === 'number' ? 0 : undefined}
              autoComplete={f.type === 'password' ? 'new-password' : undefined}
            />
          );
        })}
        <FormButtons busy={busy} editing={initial !== null} onCancel={onCancel} />
      </PageForm>
    );
  }
  return Object.assign(FieldsForm, { fields: fields.map((f) => f.name) });
}
