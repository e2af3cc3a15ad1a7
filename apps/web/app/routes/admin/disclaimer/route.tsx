import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { savedAs, settingsForm } from '#app/site-settings/actions.server';
import { formAction } from '#app/http/form-action.server';
import { StatusLine } from '#app/site-settings/status-line';
import { settingsTexts as t } from '#app/site-settings/texts';
import '#app/site-settings/settings.css';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { errorOf, TextAreaField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.disclaimerTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const storeId = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!storeId.success) return { storeId: null, content: '' };
  return { storeId: storeId.data, ...(await appOf(context).queries.siteSettings.disclaimer(storeId.data)) };
}

const formSchema = z.object({ store_id: recordIdSchema, content: z.string().max(5000) });

/** Saves the store's disclaimer (catalog kind `disclaimer`, decision 135); an empty text hides it. */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => form.store_id,
  ...settingsForm,
  handle(input) {
    const f = input.form;
    return savedAs(input.services.catalog.save({ kind: 'disclaimer', id: f.store_id, data: f }, { ...input.command, storeId: f.store_id }), input);
  },
});

/** /admin/disclaimer: the text shown where a guest reviews and sends their reservation. */
export default function Disclaimer({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  if (!loaderData.storeId) return <p className="hint">{t.loading}</p>;
  // Keyed by what was loaded, so the preview starts from the store's text (opened from the sidebar, the first render has no store).
  return (
    <DisclaimerForm
      key={`${loaderData.storeId}:${loaderData.content}`}
      loaded={{ storeId: loaderData.storeId, content: loaderData.content }}
      answer={actionData}
    />
  );
}

function DisclaimerForm({
  loaded: loaderData,
  answer: actionData,
}: {
  loaded: { storeId: string; content: string };
  answer: Route.ComponentProps['actionData'];
}) {
  const busy = useNavigation().state !== 'idle';
  const [text, setText] = useState(loaderData.content);
  return (
    <section data-testid="disclaimer-settings">
      <h2>{t.disclaimerTitle}</h2>
      <p className="hint">{t.disclaimerLead}</p>
      <Form method="post" className="panel">
        <input type="hidden" name="store_id" value={loaderData.storeId} />
        <TextAreaField
          label={t.disclaimerContent}
          name="content"
          rows={10}
          maxLength={5000}
          defaultValue={loaderData.content}
          error={errorOf(actionData, 'content')}
          onValue={setText}
        />
        <button type="submit" className="button" disabled={busy}>
          {t.save}
        </button>
        <StatusLine answer={actionData} fields={['content']} />
      </Form>
      {text.trim() !== '' && (
        <section className="panel" aria-label={t.preview}>
          <h3>{t.preview}</h3>
          <p style={{ whiteSpace: 'pre-wrap' }}>{text}</p>
        </section>
      )}
    </section>
  );
}
