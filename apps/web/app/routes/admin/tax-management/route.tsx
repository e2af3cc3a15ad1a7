import { z } from 'zod';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { registrationNumberSchema } from '@moncafe/domain/billing/registration-number';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { billingTexts as b } from '#app/billing/texts';
import { DEFAULT_TAX_RULE, taxedTotal, type TaxRounding } from '@moncafe/domain/order/tax';
import { formAction } from '#app/http/form-action.server';
import { text } from '#app/http/text-schema';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { yenAmount } from '#app/shared/yen';
import { adminTableTexts as t, taxFieldLabels } from '#app/table-order/staff-texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { SaveOutcome } from '#app/admin-area/save-outcome';
import { errorOf, InputField, useFieldError } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.taxTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, rule: DEFAULT_TAX_RULE, settings: null };
  const { queries } = appOf(context);
  return { storeId: parsed.data, rule: await queries.tax.rule(parsed.data), settings: await queries.tax.settings(parsed.data) };
}

const formSchema = z.object({
  store_id: recordIdSchema,
  rate_percent: z.coerce.number().int().min(0).max(100),
  rounding: z.enum(['floor', 'round', 'ceil']),
  prices_include_tax: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
  // The reduced rate, a rate change entered ahead, the receipts' issuer (decision 240). A form without
  // them (an older page) keeps what is saved.
  reduced_rate_percent: z.coerce.number().int().min(0).max(100).optional(),
  next_from: z.union([z.literal(''), isoDateSchema]).optional(),
  next_rate_percent: z.coerce.number().int().min(0).max(100).default(10),
  next_reduced_rate_percent: z.coerce.number().int().min(0).max(100).default(8),
  issuer_name: text({ max: 100 }).optional(),
  registration_number: z.union([z.literal(''), registrationNumberSchema]).optional(),
});

/** Saves the store's tax rule (catalog kind `tax`, decision 063). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => form.store_id,
  labels: taxFieldLabels,
  // The field's problem in the owner's words, shown beside it; a union's "choose one" would not say why for the number.
  refused: (message, field) => data({ ok: false, error: field?.startsWith('registration_number') ? b.registrationInvalid : message, field }, { status: 400 }),
  async handle({ form, services, queries, command, readYourWrites }) {
    const current = await queries.tax.settings(form.store_id);
    const { next_from, next_rate_percent, next_reduced_rate_percent, registration_number, reduced_rate_percent, issuer_name, ...rest } = form;
    const record = {
      ...rest,
      reduced_rate_percent: reduced_rate_percent ?? current?.reduced_rate_percent ?? 8,
      issuer_name: issuer_name ?? current?.issuer_name ?? '',
      next_rates:
        next_from === undefined
          ? (current?.next_rates ?? null)
          : next_from
            ? { effective_from: next_from, rate_percent: next_rate_percent, reduced_rate_percent: next_reduced_rate_percent }
            : null,
      registration_number: registration_number === undefined ? (current?.registration_number ?? null) : registration_number || null,
    };
    const saved = await services.catalog.save({ kind: 'tax', id: form.store_id, data: record }, { ...command, storeId: form.store_id });
    await readYourWrites(saved.position);
    return { ok: true, error: null, field: null };
  },
});

const ROUNDINGS: readonly TaxRounding[] = ['floor', 'round', 'ceil'];

/** /admin/tax-management: the chosen store's tax rate, rounding and whether menu prices include tax (default: 10%, rounded down, added). */
export default function TaxManagement({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const busy = useNavigation().state !== 'idle';
  const { rule, storeId, settings } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const at = (field: string) => errorOf(refusal, field);
  const rounding = useFieldError(at('rounding'));
  const example = taxedTotal(1234, rule);
  if (!storeId) return null;
  return (
    <section data-testid="tax-management">
      <h2>{t.taxTitle}</h2>
      <Form method="post" className="panel" key={`${storeId}-${JSON.stringify(settings)}`}>
        <input type="hidden" name="store_id" value={storeId} />
        <RateField label={t.taxRate} name="rate_percent" defaultValue={rule.ratePercent} required error={at('rate_percent')} />
        <label className="field">
          {t.rounding}
          <select name="rounding" defaultValue={rule.rounding} {...rounding.control}>
            {ROUNDINGS.map((r) => (
              <option key={r} value={r}>
                {t.roundings[r]}
              </option>
            ))}
          </select>
        </label>
        {rounding.words}
        <label>
          <input type="checkbox" name="prices_include_tax" defaultChecked={rule.pricesIncludeTax} /> {t.pricesIncludeTax}
        </label>
        <RateField
          label={b.reducedRate}
          name="reduced_rate_percent"
          defaultValue={settings?.reduced_rate_percent ?? 8}
          required
          error={at('reduced_rate_percent')}
        />
        <fieldset>
          <legend>{b.nextRates}</legend>
          <InputField label={b.nextFrom} type="date" name="next_from" defaultValue={settings?.next_rates?.effective_from ?? ''} error={at('next_from')} />
          <RateField label={b.nextRate} name="next_rate_percent" defaultValue={settings?.next_rates?.rate_percent ?? 10} error={at('next_rate_percent')} />
          <RateField
            label={b.nextReducedRate}
            name="next_reduced_rate_percent"
            defaultValue={settings?.next_rates?.reduced_rate_percent ?? 8}
            error={at('next_reduced_rate_percent')}
          />
        </fieldset>
        <InputField label={b.issuerName} name="issuer_name" maxLength={100} defaultValue={settings?.issuer_name ?? ''} error={at('issuer_name')} />
        {/* No `pattern`: the browser would refuse in its own language; the server's check says why in the owner's, beside the field. */}
        <InputField
          label={b.registrationNumber}
          name="registration_number"
          defaultValue={settings?.registration_number ?? ''}
          data-testid="registration-number"
          error={at('registration_number')}
        />
        <p className="hint">{t.taxExample(yenAmount(example.subtotal), yenAmount(example.tax), yenAmount(example.total))}</p>
        <button type="submit" className="button" disabled={busy}>
          {t.save}
        </button>
        {/* A field's problem stands beside its field; only a save refused as a whole is said here. */}
        <SaveOutcome outcome={refusal?.field ? undefined : actionData} saved={t.saved} />
      </Form>
    </section>
  );
}

/** A tax rate in whole percent, 0 to 100. */
function RateField(props: { label: string; name: string; defaultValue: number; required?: boolean; error?: string | null }) {
  return <InputField type="number" min={0} max={100} step={1} {...props} />;
}
