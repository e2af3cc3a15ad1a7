import { useState } from 'react';
import { useFetcher } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { notificationSettingsSchema } from '@moncafe/domain/notification/kinds';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { recordFrom, savedAs, settingsForm, type SettingsAnswer } from '#app/site-settings/actions.server';
import { formAction } from '#app/http/form-action.server';
import { StatusLine } from '#app/site-settings/status-line';
import { settingsTexts as t } from '#app/site-settings/texts';
import '#app/site-settings/settings.css';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { errorOf, InputField, PageForm, useFieldError } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.notifyTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const storeId = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!storeId.success) return { storeId: null, settings: null };
  return { storeId: storeId.data, settings: await appOf(context).queries.siteSettings.notifications(storeId.data) };
}

const formSchema = z.object({ settings: notificationSettingsSchema });

/** Saves who at the store is told of what (catalog kind `notification-settings`, decision 132). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  ...settingsForm,
  handle(input) {
    const s = input.form.settings;
    const saved = input.services.catalog.save({ kind: 'notification-settings', id: s.store_id, data: s }, { ...input.command, storeId: s.store_id });
    return savedAs(
      recordFrom(saved, (path) => `settings.${path}`),
      input,
    );
  },
});

type Recipient = { email: string; new_booking: boolean; cancellation: boolean; low_stock: boolean };
const TOPICS = ['new_booking', 'cancellation', 'low_stock'] as const;

/** /admin/notifications: who is told by mail of new bookings, cancellations and low stock, and the low-stock threshold. */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  if (!loaderData.storeId || !loaderData.settings) return <p className="hint">{t.loading}</p>;
  return <NotificationsForm key={loaderData.storeId} storeId={loaderData.storeId} settings={loaderData.settings} />;
}

type Settings = { recipients: Recipient[]; low_stock_threshold: number; guest_reminders: boolean; reminder_hour: number };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function NotificationsForm({ storeId, settings }: { storeId: string; settings: Settings }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const [recipients, setRecipients] = useState<Recipient[]>(settings.recipients);
  const [threshold, setThreshold] = useState(settings.low_stock_threshold);
  const [reminders, setReminders] = useState(settings.guest_reminders);
  const [reminderHour, setReminderHour] = useState(settings.reminder_hour);
  const label = { new_booking: t.newBooking, cancellation: t.cancellation, low_stock: t.lowStock };
  const update = (i: number, patch: Partial<Recipient>) => setRecipients(recipients.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const answer = fetcher.state !== 'idle' ? undefined : fetcher.data;
  const at = (field: string) => errorOf(answer?.ok === false ? answer : null, `settings.${field}`);
  const hour = useFieldError(at('reminder_hour'));
  const fields = [...recipients.map((_, i) => `settings.recipients.${i}.email`), 'settings.low_stock_threshold', 'settings.reminder_hour'];
  return (
    <section data-testid="notification-settings" className="settings-page">
      <h2>{t.notifyTitle}</h2>
      <p className="hint">{t.notifyLead}</p>
      <PageForm
        className="panel"
        onSubmit={() => {
          void fetcher.submit(
            JSON.stringify({
              settings: { store_id: storeId, recipients, low_stock_threshold: threshold, guest_reminders: reminders, reminder_hour: reminderHour },
            }),
            {
              method: 'post',
              encType: 'application/json',
            },
          );
        }}
      >
        <p>{t.how}</p>
        <fieldset>
          <legend>{t.recipients}</legend>
          {recipients.length === 0 && <p className="empty">{t.noRecipients}</p>}
          <ul className="settings-rows">
            {recipients.map((r, i) => (
              <li key={i} className="settings-hours">
                <InputField
                  label={t.email}
                  type="email"
                  required
                  value={r.email}
                  error={at(`recipients.${i}.email`)}
                  onChange={(e) => update(i, { email: e.target.value.trim() })}
                />
                {TOPICS.map((topic) => (
                  <label key={topic}>
                    <input type="checkbox" checked={r[topic]} onChange={(e) => update(i, { [topic]: e.target.checked })} /> {label[topic]}
                  </label>
                ))}
                <button type="button" className="button danger" onClick={() => setRecipients(recipients.filter((_, j) => j !== i))}>
                  {t.removeRecipient(r.email || t.email)}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button secondary"
            onClick={() => setRecipients([...recipients, { email: '', new_booking: true, cancellation: true, low_stock: false }])}
          >
            {t.addRecipient}
          </button>
        </fieldset>
        <InputField
          label={t.threshold}
          type="number"
          min={0}
          max={1000}
          value={threshold}
          error={at('low_stock_threshold')}
          onValue={(value) => setThreshold(Number(value))}
        />
        <fieldset data-testid="guest-reminders">
          <legend>{t.remindersLegend}</legend>
          <p className="hint">{t.remindersLead}</p>
          <label>
            <input type="checkbox" checked={reminders} onChange={(e) => setReminders(e.target.checked)} /> {t.remindersOn}
          </label>
          <label className="field">
            {t.reminderHour}
            <select value={reminderHour} disabled={!reminders} {...hour.control} onChange={(e) => setReminderHour(Number(e.target.value))}>
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {t.hourOption(hour)}
                </option>
              ))}
            </select>
          </label>
          {hour.words}
        </fieldset>
        <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
          {t.save}
        </button>
        <StatusLine answer={answer} fields={fields} />
      </PageForm>
    </section>
  );
}
