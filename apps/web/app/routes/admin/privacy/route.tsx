import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { erasureRequestSchema } from '@moncafe/domain/privacy/forgetting-service';
import { retentionMonthsSchema } from '@moncafe/domain/privacy/decider';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { privacyTexts as t } from '#app/privacy/texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import '#app/site-settings/settings.css';
import { InputField } from '#app/shared/fields';
import { erasurePreview } from '#app/privacy/erasure-preview.server';
import { ErasurePreviewPanel, ErasureResultPanel, type ErasureResult } from '#app/privacy/erasure-panels';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.adminTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { services } = appOf(context);
  const storeId = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  const counts = await services.privacy.erasureCounts();
  return { storeId: storeId.success ? storeId.data : null, months: storeId.success ? await services.retention.months(storeId.data) : null, counts };
}

const formSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('retention'), store_id: recordIdSchema, months: z.coerce.number().pipe(retentionMonthsSchema) }),
  erasureRequestSchema.extend({ intent: z.literal('preview') }),
  erasureRequestSchema.extend({ intent: z.literal('erase') }),
]);

type Answer =
  | { kind: 'message'; ok: boolean; message: string }
  | { kind: 'preview'; email: string; reason: string; preview: Awaited<ReturnType<typeof erasurePreview>> }
  | { kind: 'erased'; result: ErasureResult; at: string };

/** Saves the store's retention, or forgets a guest (the same use case as POST /api/admin/guests/erase). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => ('store_id' in form ? form.store_id : null),
  // The screen answers a bad form as it answers a save: 200 with the message.
  refused: (_message, field): Answer => ({ kind: 'message', ok: false, message: field === 'months' ? t.retentionOutOfRange : t.checkFields }),
  async handle({ form, services, queries, runtime, command, readYourWrites }): Promise<Answer> {
    if (form.intent === 'retention') {
      const saved = await services.retention.set({ storeId: form.store_id, months: form.months }, { ...command, storeId: form.store_id });
      await readYourWrites(saved.position);
      return { kind: 'message', ok: true, message: t.saved };
    }
    if (form.intent === 'preview')
      return { kind: 'preview', email: form.email, reason: form.reason, preview: await erasurePreview({ queries, runtime }, form.email) };
    // What the service does not count itself (the account, the mails, the receipts) is read just before it runs.
    const before = await erasurePreview({ queries, runtime }, form.email);
    const erased = await services.privacy.forget({ email: form.email, reason: form.reason, requestedBy: 'admin' }, { ...command, storeId: null });
    await readYourWrites(erased.position);
    if (erased.position === null) return { kind: 'message', ok: true, message: t.nothingToErase };
    const result: ErasureResult = {
      bookings: erased.reservations,
      cancelled: erased.cancelled,
      account: before.erased.account,
      mails: before.erased.mails.count,
      receiptNames: before.erased.receiptNames.count,
      pictures: erased.pictures,
    };
    return { kind: 'erased', result, at: command.correlationId };
  },
});

/** /admin/privacy: the store's retention, how many were forgotten, forgetting a guest, and their data at the counter. */
export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const busy = useNavigation().state !== 'idle';
  const status =
    actionData?.kind === 'message' ? (
      <p role={actionData.ok ? 'status' : 'alert'} className={actionData.ok ? 'hint' : 'error'}>
        {actionData.message}
      </p>
    ) : null;
  return (
    <section data-testid="privacy-settings">
      <h2>{t.adminTitle}</h2>
      <p className="hint">{t.adminLead}</p>
      {status}
      <section className="panel" aria-labelledby="retention-title">
        <h3 id="retention-title">{t.retentionTitle}</h3>
        <p className="hint">{t.retentionLead}</p>
        {loaderData.storeId === null ? null : (
          <Form method="post" key={`${loaderData.storeId}:${loaderData.months}`}>
            <input type="hidden" name="intent" value="retention" />
            <input type="hidden" name="store_id" value={loaderData.storeId} />
            <InputField label={t.retentionMonths} name="months" type="number" min={13} max={120} required defaultValue={loaderData.months ?? 13} />
            <button type="submit" className="button" disabled={busy}>
              {t.save}
            </button>
          </Form>
        )}
      </section>
      <section className="panel" aria-labelledby="counts-title">
        <h3 id="counts-title">{t.countsTitle}</h3>
        <p>{t.countRetention(loaderData.counts.retention)}</p>
        <p>{t.countRequests(loaderData.counts.admin, loaderData.counts.guest)}</p>
      </section>
      <section className="panel" aria-labelledby="lookup-title">
        <h3 id="lookup-title">{t.lookupTitle}</h3>
        <form method="get" action="/api/admin/guests/data">
          <InputField label={t.email} name="email" type="email" autoComplete="off" required maxLength={254} />
          <button type="submit" className="button secondary">
            {t.lookupButton}
          </button>
        </form>
      </section>
      <section className="panel" aria-labelledby="erase-title">
        <h3 id="erase-title">{t.eraseTitle}</h3>
        {actionData?.kind === 'erased' ? <ErasureResultPanel result={actionData.result} /> : null}
        {/* A new key after each erasure: the form comes back empty, the erased guest's address gone from it. */}
        <Form method="post" key={actionData?.kind === 'erased' ? actionData.at : 'erase'}>
          <input type="hidden" name="intent" value="preview" />
          <InputField label={t.email} name="email" type="email" autoComplete="off" required maxLength={254} />
          <InputField label={t.reason} name="reason" required maxLength={200} />
          <button type="submit" className="button secondary" disabled={busy}>
            {t.previewButton}
          </button>
        </Form>
        {actionData?.kind === 'preview' ? (
          <ErasurePreviewPanel email={actionData.email} reason={actionData.reason} preview={actionData.preview} busy={busy} />
        ) : null}
      </section>
    </section>
  );
}
