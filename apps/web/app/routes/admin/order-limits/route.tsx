import { z } from 'zod';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { adminTableTexts as t } from '#app/table-order/staff-texts';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { SaveOutcome } from '#app/admin-area/save-outcome';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.limitsTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const parsed = recordIdSchema.safeParse(new URL(request.url).searchParams.get('store_id'));
  if (!parsed.success) return { storeId: null, limits: null };
  return { storeId: parsed.data, limits: await appOf(context).services.ordering.limits(parsed.data) };
}

const count = (max: number) => z.coerce.number().int().min(1).max(max);
const formSchema = z
  .object({
    store_id: recordIdSchema,
    per_visit_per_minute: count(60),
    per_token_per_minute: count(60),
    lines_per_person: count(50),
    quantity_per_person: count(99),
    staff_above_yen: z.coerce.number().int().min(0).max(10_000_000),
    ticket_warn_minutes: count(120),
    ticket_late_minutes: count(240),
  })
  .refine((f) => f.ticket_late_minutes > f.ticket_warn_minutes, { message: t.lateAfterWarn, path: ['ticket_late_minutes'] });

/** Saves the store's order limits (catalog kind `order-limits`, decision 155); orders read them from the log, so no read model waits. */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => form.store_id,
  refused: (error) => data({ ok: false, error }, { status: 400 }),
  invalid: t.invalidNumber,
  async handle({ form, services, command }) {
    await services.catalog.save({ kind: 'order-limits', id: form.store_id, data: form }, { ...command, storeId: form.store_id });
    return { ok: true, error: null };
  },
});

const FIELDS = [
  ['per_visit_per_minute', t.perVisitPerMinute, 1, 60],
  ['per_token_per_minute', t.perTokenPerMinute, 1, 60],
  ['lines_per_person', t.linesPerPerson, 1, 50],
  ['quantity_per_person', t.quantityPerPerson, 1, 99],
  ['staff_above_yen', t.staffAboveYen, 0, 10_000_000],
] as const;

/** The kitchen ticket's colours (decision 350), saved with the limits: one form, one 保存. */
const TIMER_FIELDS = [
  ['ticket_warn_minutes', t.ticketWarnMinutes, 1, 120],
  ['ticket_late_minutes', t.ticketLateMinutes, 1, 240],
] as const;

/**
 * /admin/order-limits: what one table's phones may order (decision 155): orders per minute per
 * table and per phone, lines and quantities per person of the party, and the amount above which
 * staff place the order. Defaults no real table meets. Also the minutes after which a kitchen
 * ticket's timer turns amber and red (decision 350).
 */
export default function OrderLimits({ loaderData, actionData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const busy = useNavigation().state !== 'idle';
  const { limits, storeId } = loaderData;
  if (!storeId || !limits) return <p className="hint">{t.chooseStore}</p>;
  return (
    <section data-testid="order-limits">
      <h2>{t.limitsTitle}</h2>
      <p className="hint">{t.limitsIntro}</p>
      <Form method="post" className="panel" key={`${storeId}-${[...FIELDS, ...TIMER_FIELDS].map(([name]) => limits[name]).join('-')}`}>
        <input type="hidden" name="store_id" value={storeId} />
        {FIELDS.map(([name, label, min, max]) => (
          <label className="field" key={name}>
            {label}
            <input type="number" name={name} min={min} max={max} step={1} defaultValue={limits[name]} required inputMode="numeric" />
          </label>
        ))}
        <p className="hint">{t.limitsExample(2, limits.lines_per_person * 2, limits.quantity_per_person * 2)}</p>
        <fieldset data-testid="kitchen-timer">
          <legend>{t.kitchenTimerTitle}</legend>
          <p className="hint">{t.kitchenTimerIntro}</p>
          {TIMER_FIELDS.map(([name, label, min, max]) => (
            <label className="field" key={name}>
              {label}
              <input type="number" name={name} min={min} max={max} step={1} defaultValue={limits[name]} required inputMode="numeric" />
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          {t.save}
        </button>
        <SaveOutcome outcome={actionData} saved={t.saved} />
      </Form>
    </section>
  );
}
