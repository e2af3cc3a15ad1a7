import { z } from 'zod';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { DEFAULT_TAX_RULE, taxedTotal, type TaxRounding } from '@moncafe/domain/order/tax';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { yenAmount } from '#app/shared/yen';
import { adminTableTexts as t } from '#app/table-order/texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { SaveOutcome } from '#app/admin-area/save-outcome';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.taxTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, rule: DEFAULT_TAX_RULE };
  return { storeId: parsed.data, rule: await appOf(context).queries.tax.rule(parsed.data) };
}

const formSchema = z.object({
  store_id: recordIdSchema,
  rate_percent: z.coerce.number().int().min(0).max(100),
  rounding: z.enum(['floor', 'round', 'ceil']),
  prices_include_tax: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
});

/** Saves the store's tax rule (catalog kind `tax`, decision 063). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  refused: (error) => data({ ok: false, error }, { status: 400 }),
  invalid: t.saveFailed,
  async handle({ form, services, command, readYourWrites }) {
    const saved = await services.catalog.save({ kind: 'tax', id: form.store_id, data: form }, { ...command, storeId: form.store_id });
    await readYourWrites(saved.position);
    return { ok: true, error: null };
  },
});

const ROUNDINGS: readonly TaxRounding[] = ['floor', 'round', 'ceil'];

/** /admin/tax-management: the chosen store's tax rate, rounding and whether menu prices include tax (default: 10%, rounded down, added). */
export default function TaxManagement({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const busy = useNavigation().state !== 'idle';
  const { rule, storeId } = loaderData;
  const example = taxedTotal(1234, rule);
  if (!storeId) return null;
  return (
    <section data-testid="tax-management">
      <h2>{t.taxTitle}</h2>
      <Form method="post" className="panel" key={`${storeId}-${rule.ratePercent}-${rule.rounding}-${String(rule.pricesIncludeTax)}`}>
        <input type="hidden" name="store_id" value={storeId} />
        <label className="field">
          {t.taxRate}
          <input type="number" name="rate_percent" min={0} max={100} step={1} defaultValue={rule.ratePercent} required />
        </label>
        <label className="field">
          {t.rounding}
          <select name="rounding" defaultValue={rule.rounding}>
            {ROUNDINGS.map((r) => (
              <option key={r} value={r}>
                {t.roundings[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" name="prices_include_tax" defaultChecked={rule.pricesIncludeTax} /> {t.pricesIncludeTax}
        </label>
        <p className="hint">{t.taxExample(yenAmount(example.subtotal), yenAmount(example.tax), yenAmount(example.total))}</p>
        <button type="submit" className="button" disabled={busy}>
          {t.save}
        </button>
        <SaveOutcome outcome={actionData} saved={t.saved} />
      </Form>
    </section>
  );
}
