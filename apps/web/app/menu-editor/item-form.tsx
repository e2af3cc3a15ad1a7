import type { TaxCategory } from '@moncafe/domain/billing/tax-category';
import { billingTexts as b } from '#app/billing/texts';
import { useId, useState, type FormEvent } from 'react';
import { MENU_IMAGE_MAX_UPLOAD_BYTES } from '@moncafe/domain/catalog/menu-editor-service';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import { callJson, type CallResult } from '#app/http/api-client';
import type { Answer as MenuItemsAnswer } from '#app/routes/api/admin/menu-items/route';
import type { Answer as UploadAnswer } from '#app/routes/api/admin/menu-images/route';
import { FormButtons } from '#app/staff-area/components';
import { fieldLabels, menuEditorTexts as t } from './texts';
import { InputField } from '#app/shared/fields';

export type EditorItem = MenuItemsAnswer['items'][number];

/** The item form's fields as typed (numbers as text until saved). */
export interface ItemDraft {
  name: string;
  description: string;
  /** For guests reading English (decision 362); optional. */
  name_en: string;
  description_en: string;
  price: string;
  category: '' | MenuCategory;
  /** How it is taxed (decision 240). */
  tax_category: TaxCategory;
  image_url: string | null;
  show_on_menu: boolean;
  show_on_reservation: boolean;
  show_on_order: boolean;
  deadline_days_before: string;
  deadline_time: string;
  duration_minutes: string;
  manage_stock: boolean;
  quantity: string;
  is_sold_out: boolean;
}

export const blankItem: ItemDraft = {
  name: '',
  description: '',
  name_en: '',
  description_en: '',
  price: '',
  category: '',
  tax_category: 'reduced',
  image_url: null,
  show_on_menu: true,
  show_on_reservation: false,
  show_on_order: false,
  deadline_days_before: '',
  deadline_time: '',
  duration_minutes: '',
  manage_stock: false,
  quantity: '0',
  is_sold_out: false,
};

export function draftOf(item: EditorItem): ItemDraft {
  return {
    name: item.name,
    description: item.description,
    name_en: item.name_en,
    description_en: item.description_en,
    price: String(item.price),
    category: item.saved_category ?? '',
    tax_category: item.tax_category,
    image_url: item.image_url,
    show_on_menu: item.show_on_menu,
    show_on_reservation: item.show_on_reservation,
    show_on_order: item.show_on_order,
    deadline_days_before: item.deadline_days_before === null ? '' : String(item.deadline_days_before),
    deadline_time: item.deadline_time ?? '',
    duration_minutes: item.duration_minutes === null ? '' : String(item.duration_minutes),
    manage_stock: item.manage_stock === 1,
    quantity: String(item.quantity),
    is_sold_out: item.is_sold_out === 1,
  };
}

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** The item call's body (the stock fields go to the stock call). */
function itemBody(draft: ItemDraft, storeId: string, displayOrder: number) {
  return {
    store_id: storeId,
    name: draft.name,
    description: draft.description,
    name_en: draft.name_en,
    description_en: draft.description_en,
    price: Number(draft.price),
    category: draft.category === '' ? null : draft.category,
    tax_category: draft.tax_category,
    image_url: draft.image_url,
    show_on_menu: draft.show_on_menu,
    show_on_reservation: draft.show_on_reservation,
    show_on_order: draft.show_on_order,
    deadline_days_before: numberOrNull(draft.deadline_days_before),
    deadline_time: draft.deadline_time === '' ? null : draft.deadline_time,
    duration_minutes: numberOrNull(draft.duration_minutes),
    display_order: displayOrder,
  };
}

function stockBody(draft: ItemDraft) {
  return { manage_stock: draft.manage_stock, quantity: Number(draft.quantity || 0), is_sold_out: draft.is_sold_out };
}

/** A failed call said plainly: the field it names in the form's words, else the server's reason. */
export function failureText(r: CallResult<unknown>): string {
  if (r.ok) return '';
  const body = r.body as { error?: string; field?: string; message?: string };
  // A refused body's message names the field by its label and says why (the call's labels).
  if (r.status === 400 && body.field && body.message) return body.message;
  if (r.status === 400 && body.field && fieldLabels[body.field.split('.')[0] ?? ''] && body.error && !body.error.includes(':'))
    return t.fieldProblem(fieldLabels[body.field.split('.')[0]!]!, body.error);
  return r.message ?? body.error ?? t.cannotReachServer;
}

/** Saves an item and then its stock fields; answers the item's id, or the reason it failed. */
export async function saveItem(storeId: string, item: EditorItem | null, draft: ItemDraft, displayOrder: number): Promise<{ id: string } | { error: string }> {
  const body = itemBody(draft, storeId, displayOrder);
  let id: string;
  if (item) {
    const r = await callJson(`/api/admin/menu-items/${encodeURIComponent(item.id)}`, { method: 'PUT', body });
    if (!r.ok) return { error: t.saveFailed(failureText(r)) };
    id = item.id;
  } else {
    const r = await callJson<{ id: string }>('/api/admin/menu-items', { body });
    if (!r.ok) return { error: t.saveFailed(failureText(r)) };
    id = r.body.id;
  }
  const stockChanged = item
    ? item.manage_stock !== (draft.manage_stock ? 1 : 0) || item.is_sold_out !== (draft.is_sold_out ? 1 : 0) || item.quantity !== Number(draft.quantity || 0)
    : draft.manage_stock || draft.is_sold_out;
  if (stockChanged) {
    const r = await callJson(`/api/admin/menu-stock/${encodeURIComponent(id)}`, { body: stockBody(draft) });
    if (!r.ok) return { error: t.saveFailed(failureText(r)) };
  }
  return { id };
}

/**
 * Every field of a menu item: name, description, price, category, picture (uploaded and resized
 * on the server), where it is shown, booking deadline, course duration and stock.
 */
export function ItemForm(props: { initial: ItemDraft; busy: boolean; submitLabel: string; onSave(draft: ItemDraft): void; onCancel?: () => void }) {
  const [draft, setDraft] = useState<ItemDraft>(props.initial);
  const [upload, setUpload] = useState<{ state: 'idle' } | { state: 'sending' } | { state: 'failed'; text: string }>({ state: 'idle' });
  const id = useId();
  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function choose(file: File | undefined) {
    if (!file) return;
    // Said at once for a file that is too large; the server refuses it the same way.
    if (file.size > MENU_IMAGE_MAX_UPLOAD_BYTES) return setUpload({ state: 'failed', text: t.imageTooLarge });
    setUpload({ state: 'sending' });
    const r = await callJson<UploadAnswer>('/api/admin/menu-images', { upload: file });
    if (!r.ok) return setUpload({ state: 'failed', text: failureText(r) });
    setUpload({ state: 'idle' });
    set('image_url', r.body.url);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSave(draft);
  };
  const busy = props.busy || upload.state === 'sending';
  return (
    <form className="me-form" onSubmit={submit} data-testid="menu-item-form">
      <InputField label={t.name} id={`${id}-name`} value={draft.name} required maxLength={100} onValue={(value) => set('name', value)} />
      <label className="field" htmlFor={`${id}-price`}>
        {t.price}
        <input
          id={`${id}-price`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          value={draft.price}
          onChange={(e) => set('price', e.target.value)}
        />
      </label>
      <label className="field" htmlFor={`${id}-category`}>
        {t.category}
        <select id={`${id}-category`} value={draft.category} onChange={(e) => set('category', e.target.value as ItemDraft['category'])}>
          <option value="">{t.categoryAuto}</option>
          {(Object.keys(t.categories) as MenuCategory[]).map((c) => (
            <option key={c} value={c}>
              {t.categories[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-tax-category`}>
        {b.taxCategory}
        <select
          id={`${id}-tax-category`}
          value={draft.tax_category}
          onChange={(e) => set('tax_category', e.target.value as TaxCategory)}
          data-testid="tax-category"
        >
          {(Object.keys(b.taxCategories) as TaxCategory[]).map((c) => (
            <option key={c} value={c}>
              {b.taxCategories[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="field me-wide" htmlFor={`${id}-description`}>
        {t.description}
        <textarea id={`${id}-description`} maxLength={2000} rows={3} value={draft.description} onChange={(e) => set('description', e.target.value)} />
      </label>
      <label className="field me-wide" htmlFor={`${id}-name-en`}>
        {t.nameEn}
        <input id={`${id}-name-en`} type="text" lang="en" maxLength={100} value={draft.name_en} onChange={(e) => set('name_en', e.target.value)} />
      </label>
      <label className="field me-wide" htmlFor={`${id}-description-en`}>
        {t.descriptionEn}
        <textarea
          id={`${id}-description-en`}
          lang="en"
          maxLength={2000}
          rows={3}
          value={draft.description_en}
          onChange={(e) => set('description_en', e.target.value)}
        />
      </label>

      <fieldset className="me-wide">
        <legend>{t.image}</legend>
        {draft.image_url && <img className="me-thumb" src={draft.image_url} alt={t.imageAlt(draft.name)} data-testid="item-image" />}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={t.image}
          aria-describedby={`${id}-image-hint`}
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <p className="hint" id={`${id}-image-hint`}>
          {t.imageHint}
        </p>
        {upload.state === 'sending' && <p role="status">{t.imageUploading}</p>}
        {upload.state === 'failed' && (
          <p className="form-error" role="alert" data-testid="image-error">
            {upload.text}
          </p>
        )}
        {draft.image_url && (
          <button type="button" className="button secondary" onClick={() => set('image_url', null)}>
            {t.imageRemove}
          </button>
        )}
      </fieldset>

      <fieldset>
        <legend>{t.visibility}</legend>
        <label>
          <input type="checkbox" checked={draft.show_on_menu} onChange={(e) => set('show_on_menu', e.target.checked)} /> {t.showOnMenu}
        </label>
        <label>
          <input type="checkbox" checked={draft.show_on_reservation} onChange={(e) => set('show_on_reservation', e.target.checked)} /> {t.showOnReservation}
        </label>
        <label>
          <input type="checkbox" checked={draft.show_on_order} onChange={(e) => set('show_on_order', e.target.checked)} /> {t.showOnOrder}
        </label>
      </fieldset>

      <fieldset>
        <legend>{t.deadline}</legend>
        <p className="hint">{t.deadlineHint}</p>
        <label className="field" htmlFor={`${id}-days`}>
          {t.deadlineDays}
          <input
            id={`${id}-days`}
            type="number"
            min={0}
            max={365}
            value={draft.deadline_days_before}
            required={draft.deadline_time !== ''}
            onChange={(e) => set('deadline_days_before', e.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-time`}>
          {t.deadlineTime}
          <input
            id={`${id}-time`}
            type="time"
            value={draft.deadline_time}
            required={draft.deadline_days_before !== ''}
            onChange={(e) => set('deadline_time', e.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-duration`}>
          {t.duration}
          <input
            id={`${id}-duration`}
            type="number"
            min={5}
            max={1440}
            value={draft.duration_minutes}
            placeholder={t.durationHint}
            onChange={(e) => set('duration_minutes', e.target.value)}
          />
        </label>
      </fieldset>

      <fieldset>
        <legend>{t.stock}</legend>
        <label>
          <input type="checkbox" checked={draft.manage_stock} onChange={(e) => set('manage_stock', e.target.checked)} /> {t.manageStock}
        </label>
        <label className="field" htmlFor={`${id}-quantity`}>
          {t.quantity}
          <input
            id={`${id}-quantity`}
            type="number"
            min={0}
            step={1}
            disabled={!draft.manage_stock}
            value={draft.quantity}
            onChange={(e) => set('quantity', e.target.value)}
          />
        </label>
        <label>
          <input type="checkbox" checked={draft.is_sold_out} disabled={!draft.manage_stock} onChange={(e) => set('is_sold_out', e.target.checked)} />{' '}
          {t.soldOut}
        </label>
      </fieldset>

      <FormButtons className="sa-actions me-wide" busy={busy} submitLabel={props.submitLabel} cancelLabel={t.cancel} onCancel={props.onCancel} />
    </form>
  );
}
