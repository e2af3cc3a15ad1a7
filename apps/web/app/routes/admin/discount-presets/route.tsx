import { z } from 'zod';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { discountPresetsSchema } from '@moncafe/domain/billing/kinds';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { discountPresetTexts as t } from '#app/billing/texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { SaveOutcome } from '#app/admin-area/save-outcome';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.title, matches) }];

/** Rows on the form: a few more than the demo's three, so the owner adds one without a new page. */
const ROWS = 6;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, presets: [] };
  return { storeId: parsed.data, presets: await appOf(context).services.billing.discountPresets(parsed.data) };
}

/** The rows as typed (name_0, kind_0, value_0 …); a row without a name is left out, the rest are the kind's schema's. */
const formSchema = z
  .object({ store_id: recordIdSchema })
  .catchall(z.string().max(100))
  .transform((form, ctx) => {
    const presets = Array.from({ length: ROWS }, (_, i) => ({
      name: (form[`name_${i}`] ?? '').trim(),
      kind: form[`kind_${i}`] === 'yen' ? ('yen' as const) : ('percent' as const),
      value: Number(form[`value_${i}`] ?? ''),
    })).filter((p) => p.name !== '');
    const parsed = discountPresetsSchema.safeParse({ store_id: form.store_id, presets });
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: t.invalid, path: ['presets'] });
    return z.NEVER;
  });

/** Saves the store's preset discounts (catalog kind `discount-presets`, decision 642). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => form.store_id,
  refused: () => data({ ok: false, error: t.invalid }, { status: 400 }),
  async handle({ form, services, command, readYourWrites }) {
    const saved = await services.catalog.save({ kind: 'discount-presets', id: form.store_id, data: form }, { ...command, storeId: form.store_id });
    await readYourWrites(saved.position);
    return { ok: true, error: null };
  },
});

/**
 * /admin/discount-presets: the discounts staff give with one tap at the monitor checkout
 * (decision 642) — a name (the reason on the bill and the receipt), ％引き or 円引き, and the value.
 */
export default function DiscountPresets({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const busy = useNavigation().state !== 'idle';
  const { presets, storeId } = loaderData;
  if (!storeId) return <p className="hint">{t.chooseStore}</p>;
  return (
    <section data-testid="discount-presets">
      <h2>{t.title}</h2>
      <p className="hint">{t.intro}</p>
      <Form method="post" className="panel" key={`${storeId}-${JSON.stringify(presets)}`}>
        <input type="hidden" name="store_id" value={storeId} />
        {Array.from({ length: ROWS }, (_, i) => {
          const preset = presets[i];
          return (
            <fieldset key={i} data-testid="discount-preset-row">
              <legend>{t.row(i + 1)}</legend>
              <label className="field">
                {t.name}
                <input type="text" name={`name_${i}`} maxLength={40} defaultValue={preset?.name ?? ''} />
              </label>
              <label className="field">
                {t.kind}
                <select name={`kind_${i}`} defaultValue={preset?.kind ?? 'percent'}>
                  <option value="percent">{t.kinds.percent}</option>
                  <option value="yen">{t.kinds.yen}</option>
                </select>
              </label>
              <label className="field">
                {t.value}
                <input type="number" name={`value_${i}`} min={1} step={1} inputMode="numeric" defaultValue={preset?.value ?? ''} />
              </label>
            </fieldset>
          );
        })}
        <button type="submit" className="button" disabled={busy}>
          {t.save}
        </button>
        <SaveOutcome outcome={actionData} saved={t.saved} />
      </Form>
    </section>
  );
}
