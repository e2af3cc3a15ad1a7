import { useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { DomainError } from '@moncafe/domain/decider';
import { homepageCardSchema } from '@moncafe/domain/site-settings/kinds';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { callJson } from '#app/http/api-client';
import type { Answer as UploadAnswer } from '#app/routes/api/admin/homepage-settings/images/route';
import { recordFrom, savedAs, settingsForm } from '#app/site-settings/actions.server';
import { useSettingsSaves, type SaveRefusal } from '#app/site-settings/use-saves';
import { formAction } from '#app/http/form-action.server';
import { StatusLine } from '#app/site-settings/status-line';
import { FormButtons } from '#app/staff-area/components';
import { RowActions } from '#app/staff-area/row-actions';
import { settingsTexts as t } from '#app/site-settings/texts';
import { StoreScopeField } from '#app/site-settings/store-scope-field';
import '#app/site-settings/settings.css';
import { adminPageTitle } from '#app/admin-area/title';
import { errorOf, InputField, PageForm, TextAreaField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.homeTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { queries } = appOf(context);
  const [cards, stores] = await Promise.all([queries.homepageCards.list(), queries.stores.list({ closed: true })]);
  return { cards, stores: stores.map((s) => ({ store_id: s.store_id, name: s.name })) };
}

const formSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), id: recordIdSchema.nullable(), card: homepageCardSchema }),
  z.object({ intent: z.literal('remove'), id: recordIdSchema }),
  z.object({ intent: z.literal('reorder'), ids: z.array(recordIdSchema).min(1).max(200) }),
]);

/** Adds or replaces a card, removes one, or puts them in a new order (catalog kind `homepage-card`, decision 133). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  ...settingsForm,
  errors: { ...settingsForm.errors, unknown_store: { message: t.cardStoreUnknown, field: 'card.store_id' } },
  async handle(input) {
    const { form: f, services, queries, command } = input;
    if (f.intent === 'remove') return savedAs(services.catalog.remove({ kind: 'homepage-card', id: f.id }, command), input, t.removed);
    if (f.intent === 'reorder') return savedAs(services.reorder({ kind: 'homepage-card', ids: f.ids }, command), input);
    // A store's card names a store there is (a claim, checked): a closed one's stays hidden until it opens again.
    const storeId = f.card.store_id;
    if (storeId !== null && !(await queries.stores.get(storeId))) throw new DomainError('unknown_store', `no store ${storeId}`);
    const saved = services.catalog.save({ kind: 'homepage-card', id: f.id ?? input.runtime.ids.uuid(), data: f.card }, { ...command, storeId });
    return savedAs(
      recordFrom(saved, (path) => `card.${path}`),
      input,
    );
  },
});

type Card = Route.ComponentProps['loaderData']['cards'][number];
type CardInput = Omit<Card, 'id'>;
type StoreName = Route.ComponentProps['loaderData']['stores'][number];
/** The card form's fields that show their own problem (under `card.` in the answer). */
const CARD_FIELDS = ['card.store_id', 'card.title', 'card.description', 'card.title_en', 'card.description_en', 'card.link_url'];
const blank: CardInput = {
  card_type: 'other',
  store_id: null,
  title: '',
  description: '',
  title_en: '',
  description_en: '',
  link_url: null,
  image_url: null,
  is_active: true,
  display_order: 0,
};

/** /admin/homepage-settings: the homepage's cards — add, edit, hide, remove, and order by drag or keyboard. */
export default function HomepageSettings({ loaderData }: Route.ComponentProps) {
  const saves = useSettingsSaves();
  const [order, setOrder] = useState(loaderData.cards);
  const [editing, setEditing] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  // A new answer of the loader (after a save) is the order shown: adjusted while rendering it.
  const [cards, setCards] = useState(loaderData.cards);
  if (cards !== loaderData.cards) {
    setCards(loaderData.cards);
    setOrder(loaderData.cards);
  }
  const { busy, submit } = saves;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [card] = next.splice(from, 1);
    next.splice(to, 0, card!);
    setOrder(next);
    setAnnounce(t.moved(card!.title || t.untitled, to + 1));
    submit({ intent: 'reorder', ids: next.map((c) => c.id) });
  };
  const onHandleKey = (index: number) => (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(index, index - 1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(index, index + 1);
    }
  };

  return (
    <section data-testid="homepage-settings" className="settings-page">
      <h2>{t.homeTitle}</h2>
      <p className="hint">{t.homeLead}</p>
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      <StatusLine answer={saves.answer} fields={CARD_FIELDS} />
      {order.length === 0 ? (
        <p className="empty">{t.noCards}</p>
      ) : (
        <ol className="settings-cards" data-testid="card-list">
          {order.map((card, index) => (
            <li
              key={card.id}
              data-id={card.id}
              className={dragged === card.id ? 'dragging' : undefined}
              draggable
              onDragStart={(e) => {
                setDragged(card.id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', card.id);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = order.findIndex((c) => c.id === (dragged ?? e.dataTransfer.getData('text/plain')));
                setDragged(null);
                if (from >= 0) move(from, index);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <button type="button" className="settings-handle" aria-label={t.dragHandle(card.title || t.untitled)} onKeyDown={onHandleKey(index)}>
                ⠿
              </button>
              {/* An edited card closes once its save is taken; refused, it stays open with what was typed. */}
              {editing === card.id ? (
                <CardForm
                  initial={card}
                  stores={loaderData.stores}
                  busy={busy}
                  refusal={saves.refusalOf(card.id)}
                  onCancel={() => setEditing(null)}
                  onSave={(data) => submit({ intent: 'save', id: card.id, card: data }, card.id, () => setEditing(null))}
                />
              ) : (
                <div className="settings-card-view">
                  {card.image_url && <img src={card.image_url} alt="" width={64} height={64} />}
                  <div>
                    <strong>{card.title || t.untitled}</strong> <span className="hint">{t.cardTypes[card.card_type]}</span>
                    {card.store_id !== null && (
                      <span className="hint" data-testid="card-store-name">
                        {' '}
                        {loaderData.stores.find((s) => s.store_id === card.store_id)?.name ?? card.store_id}
                      </span>
                    )}
                    {!card.is_active && <span className="hint"> （{t.inactive}）</span>}
                    {card.description && <p>{card.description}</p>}
                    {card.link_url && <p className="hint">{t.cardLinkShown(card.link_url)}</p>}
                  </div>
                </div>
              )}
              {editing !== card.id && (
                <RowActions
                  className="settings-actions"
                  label={card.title || t.untitled}
                  texts={t}
                  busy={busy}
                  index={index}
                  count={order.length}
                  editWhileBusy
                  onEdit={() => setEditing(card.id)}
                  onMove={(step) => move(index, index + step)}
                  onRemove={() => {
                    if (window.confirm(t.confirmRemove(card.title || t.untitled))) submit({ intent: 'remove', id: card.id });
                  }}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      <section className="panel" aria-labelledby="add-card-title">
        <h3 id="add-card-title">{t.addCard}</h3>
        <CardForm
          key={order.length}
          initial={null}
          stores={loaderData.stores}
          busy={busy}
          refusal={saves.refusalOf('new')}
          onSave={(data) => submit({ intent: 'save', id: null, card: { ...data, display_order: order.length + 1 } }, 'new')}
        />
      </section>
    </section>
  );
}

function CardForm(props: {
  initial: CardInput | null;
  stores: readonly StoreName[];
  busy: boolean;
  refusal: SaveRefusal;
  onSave(data: CardInput): void;
  onCancel?: () => void;
}) {
  const [card, setCard] = useState<CardInput>(props.initial ?? blank);
  const at = (field: string) => errorOf(props.refusal, `card.${field}`);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (patch: Partial<CardInput>) => setCard({ ...card, ...patch });

  async function upload(file: File) {
    setUploadError(null);
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) return setUploadError(t.uploadRefusedType);
    if (file.size > 2 * 1024 * 1024) return setUploadError(t.uploadTooLarge);
    setUploading(true);
    const r = await callJson<UploadAnswer>('/api/admin/homepage-settings/images', { upload: file });
    setUploading(false);
    if (r.ok) set({ image_url: r.body.image_url });
    else setUploadError(r.body.error ?? t.uploadFailed);
  }

  return (
    <PageForm className="settings-card-form" onSubmit={() => props.onSave(card)}>
      <label className="field">
        {t.cardType}
        <select value={card.card_type} onChange={(e) => set({ card_type: e.target.value as CardInput['card_type'] })}>
          {(['other', 'calendar', 'instagram'] as const).map((type) => (
            <option key={type} value={type}>
              {t.cardTypes[type]}
            </option>
          ))}
        </select>
      </label>
      {props.stores.length > 1 && (
        <StoreScopeField label={t.cardStore} value={card.store_id} stores={props.stores} error={at('store_id')} onValue={(store_id) => set({ store_id })} />
      )}
      <InputField label={t.cardTitle} type="text" maxLength={100} value={card.title} error={at('title')} onValue={(value) => set({ title: value })} />
      <TextAreaField
        label={t.cardDescription}
        maxLength={1000}
        value={card.description}
        error={at('description')}
        onValue={(value) => set({ description: value })}
      />
      <InputField
        label={t.cardTitleEn}
        type="text"
        lang="en"
        maxLength={100}
        value={card.title_en}
        error={at('title_en')}
        onValue={(value) => set({ title_en: value })}
      />
      <TextAreaField
        label={t.cardDescriptionEn}
        lang="en"
        maxLength={1000}
        value={card.description_en}
        error={at('description_en')}
        onValue={(value) => set({ description_en: value })}
      />
      <InputField
        label={t.cardLink}
        type="text"
        maxLength={2000}
        value={card.link_url ?? ''}
        error={at('link_url')}
        onValue={(value) => set({ link_url: value.trim() === '' ? null : value.trim() })}
      />
      <label className="field">
        {t.cardImageUpload}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={uploading}
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
      </label>
      {uploadError && (
        <p className="form-error" role="alert">
          {uploadError}
        </p>
      )}
      {card.image_url && (
        <p>
          <img src={card.image_url} alt={t.cardImage} width={96} height={96} data-testid="card-image-preview" />{' '}
          <button type="button" className="button secondary" onClick={() => set({ image_url: null })}>
            {t.cardImageRemove}
          </button>
        </p>
      )}
      <label>
        <input type="checkbox" checked={card.is_active} onChange={(e) => set({ is_active: e.target.checked })} /> {t.cardActive}
      </label>
      <FormButtons className="settings-actions" busy={props.busy || uploading} submitLabel={t.save} cancelLabel={t.cancel} onCancel={props.onCancel} />
    </PageForm>
  );
}
