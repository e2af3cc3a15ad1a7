import { useId, useMemo, useState } from 'react';
import { dependencySpecOf, detailKey, isOptionVisible, optionSpecOf } from '@moncafe/domain/reservation/detail';
import type { MenuOptionType } from '@moncafe/domain/catalog/kinds';
import type { ReservationDetail } from '@moncafe/domain/reservation/events';
import { callJson } from '#app/http/api-client';
import type { Answer as MenuItemsAnswer } from '#app/routes/api/admin/menu-items/route';
import { AskDialog, FormButtons, NoticeLine, type Notice } from '#app/staff-area/components';
import { RowActions } from '#app/staff-area/row-actions';
import { OptionField } from '#app/reservation/option-field';
import { yenAmount } from '#app/shared/yen';
import { failureText } from './item-form';
import { menuEditorTexts as t } from './texts';
import { InputField } from '#app/shared/fields';

type Option = MenuItemsAnswer['options'][number];
type Dependency = MenuItemsAnswer['dependencies'][number];
interface ChoiceDraft {
  id?: string;
  label: string;
  extra_price: string;
}
interface OptionDraft {
  label: string;
  type: MenuOptionType;
  required: boolean;
  choices: ChoiceDraft[];
}

const blankOption: OptionDraft = { label: '', type: 'text', required: false, choices: [] };
const hasChoices = (type: MenuOptionType) => type === 'radio' || type === 'select' || type === 'checkbox';
const optionTypes: MenuOptionType[] = ['text', 'radio', 'select', 'checkbox', 'image'];

/**
 * One item's options (text, radio, select, checkbox, image; choices with extra prices), the rules
 * that show a child option when its parent holds a value, and a preview of the details screen
 * drawn by the same rule the customer's screen uses (domain/src/reservation/detail.ts).
 */
export function OptionsEditor(props: {
  menuId: string;
  menuName: string;
  options: readonly Option[];
  dependencies: readonly Dependency[];
  reload(): Promise<void>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ text: string; run(): Promise<void> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [formKey, setFormKey] = useState(0);
  const headingId = useId();
  const base = `/api/admin/menu-items/${encodeURIComponent(props.menuId)}`;
  const options = props.options;

  async function run(call: () => ReturnType<typeof callJson>, done: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setNotice({ kind: 'error', text: t.saveFailed(failureText(r)) });
      return false;
    }
    setNotice({ kind: 'ok', text: done });
    await props.reload();
    return true;
  }
  const optionBody = (d: OptionDraft, displayOrder: number) => ({
    label: d.label,
    type: d.type,
    required: d.required,
    choices: hasChoices(d.type) ? d.choices.map((c) => ({ ...(c.id ? { id: c.id } : {}), label: c.label, extra_price: Number(c.extra_price || 0) })) : [],
    display_order: displayOrder,
  });
  const saveOption = async (option: Option | null, d: OptionDraft) => {
    const ok = option
      ? await run(
          () => callJson(`${base}/options/${encodeURIComponent(option.option_id)}`, { method: 'PUT', body: optionBody(d, option.display_order) }),
          t.saved,
        )
      : await run(() => callJson(`${base}/options`, { body: optionBody(d, options.length + 1) }), t.saved);
    if (ok) {
      setEditing(null);
      if (!option) setFormKey((k) => k + 1);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = options.map((o) => o.option_id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void run(() => callJson(`${base}/options/order`, { body: { ids } }), t.saved);
  };
  const labelOf = (optionId: string) => options.find((o) => o.option_id === optionId)?.label ?? optionId;

  return (
    <section className="me-options" aria-labelledby={headingId} data-testid={`options-editor-${props.menuId}`}>
      <h3 id={headingId}>{t.optionsTitle(props.menuName)}</h3>
      <p className="hint">{t.optionsLead}</p>
      <NoticeLine notice={notice} />
      {options.length === 0 ? (
        <p className="empty">{t.noOptions}</p>
      ) : (
        <ol className="sa-list" data-testid="option-list">
          {options.map((o, index) => (
            <li key={o.option_id} data-id={o.option_id}>
              <span className="sa-number">{index + 1}</span>
              {editing === o.option_id ? (
                <OptionForm initial={draftOfOption(o)} busy={busy} onSave={(d) => void saveOption(o, d)} onCancel={() => setEditing(null)} />
              ) : (
                <div>
                  <strong>{o.label}</strong> <span className="hint">{t.optionTypes[o.type]}</span>
                  {o.required && <span className="me-badge">{t.required}</span>}
                  {o.choices.length > 0 && (
                    <div className="hint">{o.choices.map((c) => (c.extra_price ? `${c.label}（+${yenAmount(c.extra_price)}）` : c.label)).join('、')}</div>
                  )}
                </div>
              )}
              {editing !== o.option_id && (
                <RowActions
                  label={o.label}
                  texts={t}
                  busy={busy}
                  index={index}
                  count={options.length}
                  onEdit={() => setEditing(o.option_id)}
                  onMove={(step) => move(index, step)}
                  onRemove={() =>
                    setAsking({
                      text: t.confirmRemoveOption(o.label),
                      run: async () =>
                        void (await run(
                          () => callJson(`${base}/options/${encodeURIComponent(o.option_id)}`, { method: 'DELETE', body: { remove: true } }),
                          t.saved,
                        )),
                    })
                  }
                />
              )}
            </li>
          ))}
        </ol>
      )}
      <details className="sa-editor">
        <summary>{t.addOption}</summary>
        <OptionForm key={formKey} initial={blankOption} busy={busy} onSave={(d) => void saveOption(null, d)} />
      </details>

      <h4>{t.dependenciesTitle}</h4>
      <p className="hint">{t.dependenciesLead}</p>
      {props.dependencies.length === 0 ? (
        <p className="empty">{t.noDependencies}</p>
      ) : (
        <ul className="sa-list" data-testid="dependency-list">
          {props.dependencies.map((d) => {
            const parent = options.find((o) => o.option_id === d.parent_option_id);
            const value = parent?.choices.find((c) => c.id === d.parent_choice_value)?.label ?? d.parent_value ?? d.parent_choice_value ?? '';
            return (
              <li key={d.id}>
                <span>{t.dependencyLine(labelOf(d.parent_option_id), value, labelOf(d.child_option_id), d.is_show === 1)}</span>
                <div className="sa-actions">
                  <button
                    type="button"
                    className="button danger"
                    disabled={busy}
                    onClick={() =>
                      setAsking({
                        text: t.confirmRemoveDependency,
                        run: async () =>
                          void (await run(
                            () => callJson(`${base}/dependencies/${encodeURIComponent(d.id)}`, { method: 'DELETE', body: { remove: true } }),
                            t.saved,
                          )),
                      })
                    }
                  >
                    {t.remove}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {options.length < 2 ? (
        <p className="hint">{t.needTwoOptions}</p>
      ) : (
        <DependencyForm options={options} busy={busy} onSave={(body) => run(() => callJson(`${base}/dependencies`, { body }), t.saved)} />
      )}

      <Preview options={options} dependencies={props.dependencies} />

      {asking && (
        <AskDialog
          title={t.confirmTitle}
          body={<p>{asking.text}</p>}
          confirmLabel={t.remove}
          cancelLabel={t.cancel}
          danger
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const next = asking;
            setAsking(null);
            void next.run();
          }}
        />
      )}
    </section>
  );
}

function draftOfOption(o: Option): OptionDraft {
  return {
    label: o.label,
    type: o.type,
    required: o.required,
    choices: o.choices.map((c) => ({ id: c.id, label: c.label, extra_price: String(c.extra_price) })),
  };
}

function OptionForm(props: { initial: OptionDraft; busy: boolean; onSave(d: OptionDraft): void; onCancel?: () => void }) {
  const [d, setD] = useState<OptionDraft>(props.initial);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const setChoice = (i: number, change: Partial<ChoiceDraft>) => setD({ ...d, choices: d.choices.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  return (
    <form
      className="me-form"
      data-testid="option-form"
      onSubmit={(e) => {
        e.preventDefault();
        if ((d.type === 'radio' || d.type === 'select') && d.choices.length === 0) return setProblem(t.choicesNeeded);
        setProblem(null);
        props.onSave(d);
      }}
    >
      <InputField label={t.optionLabel} id={`${id}-label`} required maxLength={100} value={d.label} onValue={(label) => setD({ ...d, label })} />
      <label className="field" htmlFor={`${id}-type`}>
        {t.optionType}
        <select id={`${id}-type`} value={d.type} onChange={(e) => setD({ ...d, type: e.target.value as MenuOptionType })}>
          {optionTypes.map((type) => (
            <option key={type} value={type}>
              {t.optionTypes[type]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={d.required} onChange={(e) => setD({ ...d, required: e.target.checked })} /> {t.required}
      </label>
      {hasChoices(d.type) && (
        <fieldset className="me-wide">
          <legend>{t.choices}</legend>
          {d.choices.map((c, i) => (
            <div className="me-choice" key={c.id ?? `new-${i}`}>
              <InputField label={t.choiceLabel} required maxLength={100} value={c.label} onValue={(value) => setChoice(i, { label: value })} />
              <InputField label={t.extraPrice} type="number" min={0} step={1} value={c.extra_price} onValue={(value) => setChoice(i, { extra_price: value })} />
              <button
                type="button"
                className="button secondary"
                aria-label={`${c.label || t.choiceLabel} ${t.removeChoice}`}
                onClick={() => setD({ ...d, choices: d.choices.filter((_, j) => j !== i) })}
              >
                {t.removeChoice}
              </button>
            </div>
          ))}
          <button type="button" className="button secondary" onClick={() => setD({ ...d, choices: [...d.choices, { label: '', extra_price: '0' }] })}>
            {t.addChoice}
          </button>
        </fieldset>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <FormButtons className="sa-actions me-wide" busy={props.busy} submitLabel={t.save} cancelLabel={t.cancel} onCancel={props.onCancel} />
    </form>
  );
}

function DependencyForm(props: { options: readonly Option[]; busy: boolean; onSave(body: Record<string, unknown>): Promise<boolean> }) {
  const [parentId, setParentId] = useState('');
  const [value, setValue] = useState('');
  const [childId, setChildId] = useState('');
  const [isShow, setIsShow] = useState<0 | 1>(1);
  const id = useId();
  const parent = props.options.find((o) => o.option_id === parentId);
  const byChoice = parent !== undefined && parent.choices.length > 0;
  return (
    <form
      className="me-form"
      data-testid="dependency-form"
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          parent_option_id: parentId,
          child_option_id: childId,
          parent_value: byChoice ? null : value,
          parent_choice_value: byChoice ? value : null,
          is_show: isShow,
        };
        void props.onSave(body).then((ok) => {
          if (!ok) return;
          setParentId('');
          setValue('');
          setChildId('');
        });
      }}
    >
      <label className="field" htmlFor={`${id}-parent`}>
        {t.parent}
        <select
          id={`${id}-parent`}
          required
          value={parentId}
          onChange={(e) => {
            setParentId(e.target.value);
            setValue('');
          }}
        >
          <option value="">{t.selectPlaceholder}</option>
          {props.options
            .filter((o) => o.type !== 'image')
            .map((o) => (
              <option key={o.option_id} value={o.option_id}>
                {o.label}
              </option>
            ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-value`}>
        {t.parentValue}
        {byChoice ? (
          <select id={`${id}-value`} required value={value} onChange={(e) => setValue(e.target.value)}>
            <option value="">{t.selectPlaceholder}</option>
            {parent.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        ) : (
          <input id={`${id}-value`} required maxLength={200} value={value} onChange={(e) => setValue(e.target.value)} />
        )}
      </label>
      <label className="field" htmlFor={`${id}-child`}>
        {t.child}
        <select id={`${id}-child`} required value={childId} onChange={(e) => setChildId(e.target.value)}>
          <option value="">{t.selectPlaceholder}</option>
          {props.options
            .filter((o) => o.option_id !== parentId)
            .map((o) => (
              <option key={o.option_id} value={o.option_id}>
                {o.label}
              </option>
            ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-show`}>
        {t.isShow}
        <select id={`${id}-show`} value={String(isShow)} onChange={(e) => setIsShow(e.target.value === '0' ? 0 : 1)}>
          <option value="1">{t.showWhen}</option>
          <option value="0">{t.hideWhen}</option>
        </select>
      </label>
      <div className="sa-actions me-wide">
        <button type="submit" className="button" disabled={props.busy}>
          {t.addDependency}
        </button>
      </div>
    </form>
  );
}

/** The options as the details screen shows them, with the same visibility rule; values live only here. */
function Preview(props: { options: readonly Option[]; dependencies: readonly Dependency[] }) {
  const [detail, setDetail] = useState<ReservationDetail>({});
  const specs = useMemo(() => props.options.map((o) => optionSpecOf(o.option_id, o)), [props.options]);
  const rules = useMemo(() => props.dependencies.map(dependencySpecOf), [props.dependencies]);
  const id = useId();
  const visible = specs.filter((o) => isOptionVisible(o, specs, rules, detail));
  const set = (key: string, value: string | string[]) => setDetail({ ...detail, [key]: value });
  return (
    <section className="me-preview" aria-labelledby={`${id}-title`} data-testid="options-preview">
      <h4 id={`${id}-title`}>{t.preview}</h4>
      <p className="hint">{t.previewLead}</p>
      {visible.length === 0 && <p className="empty">{t.previewNothing}</p>}
      {visible.map((o) => {
        const key = detailKey(o.menuId, o.optionId);
        return (
          <OptionField
            key={key}
            id={`${id}-${key}`}
            className="field"
            option={o}
            value={detail[key]}
            onChange={(value) => set(key, value)}
            image={(label) => (
              <p className="field">
                {label}: <span className="hint">{t.previewImage}</span>
              </p>
            )}
          />
        );
      })}
    </section>
  );
}
