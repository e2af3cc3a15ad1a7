import { useState } from 'react';
import { z } from 'zod';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { noticeSchema } from '@moncafe/domain/site-settings/kinds';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { cancelUrlFor, confirmationRequestMail, reservationCancelledMail, reservationConfirmedMail, type ReservationMailData } from '#app/reservation/mails';
import { noticeTexts, storeAddressOf } from '#app/reservation/presentation';
import { recordFrom, savedAs, settingsForm } from '#app/site-settings/actions.server';
import { useSettingsSaves, type SaveRefusal } from '#app/site-settings/use-saves';
import { formAction } from '#app/http/form-action.server';
import { StatusLine } from '#app/site-settings/status-line';
import { FormButtons } from '#app/staff-area/components';
import { settingsTexts as t } from '#app/site-settings/texts';
import { StoreScopeField } from '#app/site-settings/store-scope-field';
import '#app/site-settings/settings.css';
import { adminPageTitle } from '#app/admin-area/title';
import { errorOf, InputField, PageForm, TextAreaField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.mailTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { queries, runtime } = appOf(context);
  const [notices, stores] = await Promise.all([queries.notices.list(), queries.stores.list()]);
  // The preview: the mails as a guest of the first store would get them now, with its active notices.
  const store = stores[0];
  const active = notices.filter((n) => n.is_active && (n.store_id === null || n.store_id === store?.store_id));
  const sample: ReservationMailData = {
    to: 'guest@example.jp',
    customerName: '山田 花子',
    storeName: store?.name ?? 'MonCafe',
    storeAddress: store ? storeAddressOf({ postalCode: store.postal_code, address: store.address }) : '',
    storePhone: store?.phone ?? '',
    reservationNumber: 'MC-0000-00',
    date: '2026-12-24',
    time: '18:00',
    people: 2,
    courses: [{ name: 'ディナーコース', quantity: 2, price: 4000 }],
    options: [],
    totalPrice: 8000,
    remarks: '',
    notices: noticeTexts(active),
  };
  const url = runtime.config.publicUrl;
  const previews = [
    { key: 'request', mail: confirmationRequestMail(sample, `${url}/confirm-reservation?token=…`) },
    { key: 'confirmed', mail: reservationConfirmedMail(sample, cancelUrlFor(url, 'example', sample.to)) },
    { key: 'cancelled', mail: reservationCancelledMail(sample, `${url}/reservation`) },
  ];
  return { notices, stores: stores.map((s) => ({ store_id: s.store_id, name: s.name })), previews };
}

const formSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), id: recordIdSchema.nullable(), notice: noticeSchema }),
  z.object({ intent: z.literal('remove'), id: recordIdSchema }),
]);

/** Adds, replaces or removes a notice (catalog kind `notice`, decision 134). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  ...settingsForm,
  handle(input) {
    const { form: f, services, command } = input;
    return f.intent === 'remove'
      ? savedAs(services.catalog.remove({ kind: 'notice', id: f.id }, command), input, t.removed)
      : savedAs(
          recordFrom(
            services.catalog.save({ kind: 'notice', id: f.id ?? input.runtime.ids.uuid(), data: f.notice }, { ...command, storeId: f.notice.store_id }),
            (path) => `notice.${path}`,
          ),
          input,
        );
  },
});

type Notice = Route.ComponentProps['loaderData']['notices'][number];
type NoticeInput = Omit<Notice, 'id'>;
/** The notice form's fields that show their own problem (under `notice.` in the answer). */
const NOTICE_FIELDS = ['notice.title', 'notice.content', 'notice.store_id'];

/** /admin/email-settings: the notices in mails and on the confirm and cancel pages, and a preview of each mail. */
export default function EmailSettings({ loaderData }: Route.ComponentProps) {
  const saves = useSettingsSaves();
  const [editing, setEditing] = useState<string | null>(null);
  const { busy, submit } = saves;
  const { notices, stores, previews } = loaderData;
  const name = (n: Notice) => n.title || n.content.slice(0, 20);
  return (
    <section data-testid="email-settings" className="settings-page">
      <h2>{t.mailTitle}</h2>
      <section className="panel" aria-labelledby="notices-title">
        <h3 id="notices-title">{t.noticesTitle}</h3>
        <p className="hint">{t.noticesLead}</p>
        <StatusLine answer={saves.answer} fields={NOTICE_FIELDS} />
        {notices.length === 0 ? (
          <p className="empty">{t.noNotices}</p>
        ) : (
          <ol className="settings-cards" data-testid="notice-list">
            {notices.map((n) => (
              <li key={n.id} data-id={n.id}>
                {/* An edited notice closes once its save is taken; refused, it stays open with what was typed. */}
                {editing === n.id ? (
                  <NoticeForm
                    initial={n}
                    stores={stores}
                    busy={busy}
                    refusal={saves.refusalOf(n.id)}
                    onCancel={() => setEditing(null)}
                    onSave={(notice) => submit({ intent: 'save', id: n.id, notice }, n.id, () => setEditing(null))}
                  />
                ) : (
                  <div>
                    {n.title && <strong>{n.title}</strong>}
                    <p>{n.content}</p>
                    <p className="hint">
                      {stores.find((s) => s.store_id === n.store_id)?.name ?? t.allStores}
                      {!n.is_active && ` （${t.inactive}）`}
                    </p>
                    <div className="settings-actions">
                      <button type="button" className="button secondary" onClick={() => setEditing(n.id)} aria-label={`${name(n)} ${t.edit}`}>
                        {t.edit}
                      </button>
                      <button
                        type="button"
                        className="button danger"
                        disabled={busy}
                        aria-label={`${name(n)} ${t.remove}`}
                        onClick={() => {
                          if (window.confirm(t.confirmRemove(name(n)))) submit({ intent: 'remove', id: n.id });
                        }}
                      >
                        {t.remove}
                      </button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        <h4>{t.addNotice}</h4>
        <NoticeForm
          key={notices.length}
          initial={null}
          stores={stores}
          busy={busy}
          refusal={saves.refusalOf('new')}
          onSave={(notice) => submit({ intent: 'save', id: null, notice: { ...notice, display_order: notices.length + 1 } }, 'new')}
        />
      </section>
      <section className="panel" aria-labelledby="preview-title">
        <h3 id="preview-title">{t.previewTitle}</h3>
        <p className="hint">{t.previewLead}</p>
        {previews.map((p) => (
          <details key={p.key} data-testid={`preview-${p.key}`}>
            <summary>{t.previews[p.key]}</summary>
            <p>
              {t.subject}：{p.mail.subject}
            </p>
            <pre className="settings-mail">{p.mail.text}</pre>
          </details>
        ))}
      </section>
    </section>
  );
}

function NoticeForm(props: {
  initial: NoticeInput | null;
  stores: { store_id: string; name: string }[];
  busy: boolean;
  refusal: SaveRefusal;
  onSave(n: NoticeInput): void;
  onCancel?: () => void;
}) {
  const [n, setN] = useState<NoticeInput>(props.initial ?? { store_id: null, title: '', content: '', is_active: true, display_order: 0 });
  const at = (field: string) => errorOf(props.refusal, `notice.${field}`);
  return (
    <PageForm className="settings-card-form" onSubmit={() => props.onSave(n)}>
      <InputField label={t.noticeTitle} type="text" maxLength={100} value={n.title} error={at('title')} onValue={(title) => setN({ ...n, title })} />
      <TextAreaField label={t.noticeContent} required maxLength={2000} value={n.content} error={at('content')} onValue={(content) => setN({ ...n, content })} />
      <StoreScopeField label={t.noticeStore} value={n.store_id} stores={props.stores} error={at('store_id')} onValue={(store_id) => setN({ ...n, store_id })} />
      <label>
        <input type="checkbox" checked={n.is_active} onChange={(e) => setN({ ...n, is_active: e.target.checked })} /> {t.noticeActive}
      </label>
      <FormButtons className="settings-actions" busy={props.busy} submitLabel={t.save} cancelLabel={t.cancel} onCancel={props.onCancel} />
    </PageForm>
  );
}
