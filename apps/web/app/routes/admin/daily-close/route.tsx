import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/route';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import adminCss from '#app/admin-area/admin-area.css?url';
import { dailyCloseTexts as t, figureOf } from '#app/admin-area/register-texts';
import { adminPageTitle } from '#app/admin-area/title';
import { formAction } from '#app/http/form-action.server';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { japaneseDate } from '#app/reservation/presentation';
import { yenAmount } from '#app/shared/yen';
import { tokyoDateTimeLabel } from '#app/staff-area/presentation';
import staffCss from '#app/staff-area/staff-area.css?url';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { FiguresTables } from './figures-tables';
import { dailyCloseView } from '#app/admin-area/daily-close-view.server';
import { InputField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.title, matches) }];
export const links = () => [
  { rel: 'stylesheet', href: staffCss },
  { rel: 'stylesheet', href: adminCss },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { services, queries, runtime } = appOf(context);
  const params = new URL(request.url).searchParams;
  const storeId = recordIdSchema.safeParse(params.get('store_id'));
  const date = isoDateSchema.safeParse(params.get('date'));
  if (!storeId.success) return { view: null };
  return { view: await dailyCloseView(services, queries, storeId.data, date.success ? date.data : tokyoDateOf(runtime.clock.now())) };
}

const cashSchema = z.coerce.number().int().min(0).max(100_000_000);
const formSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('review'), store_id: recordIdSchema, date: isoDateSchema, cash_counted: cashSchema, note: z.string().max(500).default('') }),
  z.object({
    intent: z.literal('close'),
    store_id: recordIdSchema,
    date: isoDateSchema,
    cash_counted: cashSchema,
    note: z.string().max(500).default(''),
    // The open parties and unpaid orders the confirmation named, space-separated (decision 516).
    open_confirmed: z.string().max(20_000).default(''),
  }),
  z.object({ intent: z.literal('correct'), store_id: recordIdSchema, date: isoDateSchema, reason: z.string().max(500) }),
]);

type Answer = { ok: true; message: string | null; confirm: { cashCounted: number; note: string } | null } | { ok: false; message: string; confirm: null };

/**
 * Reviews a close (the confirmation step), closes the day (services.register.close), or records
 * the correction of a closed day whose sales changed (services.register.correct).
 */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  invalid: t.checkFields,
  // A day is closed only for a store that exists.
  store: (form) => form.store_id,
  refused: (message, field) => data<Answer>({ ok: false, message, confirm: null }, { status: field === null ? 409 : 400 }),
  errors: { ...t.errors, otherwise: t.checkFields },
  async handle({ form: input, services, command, readYourWrites }): Promise<Answer> {
    if (input.intent === 'review') return { ok: true, message: null, confirm: { cashCounted: input.cash_counted, note: input.note } };
    const ctx = { ...command, storeId: input.store_id };
    const done =
      input.intent === 'close'
        ? await services.register.close(
            {
              storeId: input.store_id,
              businessDate: input.date,
              cashCounted: input.cash_counted,
              note: input.note,
              openConfirmed: input.open_confirmed.split(' ').filter(Boolean),
            },
            ctx,
          )
        : await services.register.correct({ storeId: input.store_id, businessDate: input.date, reason: input.reason }, ctx);
    await readYourWrites(done.position);
    return { ok: true, message: input.intent === 'close' ? t.closed(japaneseDate(input.date)) : t.corrected, confirm: null };
  },
});

/** /admin/daily-close: a business day's figures (日計), the cash count, closing with a confirmation, and corrections of closed days. */
export default function DailyClose({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData.view;
  useStoreQuery(view?.storeId ?? null);
  const busy = useNavigation().state !== 'idle';
  if (!view) return null;
  const day = japaneseDate(view.date);
  const confirm = actionData?.ok ? actionData.confirm : null;
  const openCount = view.open ? view.open.visits.length + view.open.unpaidOrders.length : 0;
  return (
    <section data-testid="daily-close" data-date={view.date} data-closed={view.close ? 'yes' : 'no'}>
      <h2>{t.title}</h2>
      <p className="hint">{t.lead}</p>
      <Form method="get" className="admin-day-head">
        <input type="hidden" name="store_id" value={view.storeId} />
        <InputField label={t.day} type="date" name="date" defaultValue={view.date} max={view.today} />
        <button type="submit" className="button secondary">
          {t.show}
        </button>
      </Form>
      {actionData?.message && (
        <p role={actionData.ok ? 'status' : 'alert'} className={actionData.ok ? 'hint' : 'form-error'}>
          {actionData.message}
        </p>
      )}

      {view.changed.length > 0 && (
        <section className="panel" role="alert" data-testid="changed-days">
          <h3>{t.changedTitle}</h3>
          <p className="hint">{t.changedLead}</p>
          {view.changed.map((c) => (
            <Form method="post" key={c.date} className="field">
              <p id={`changed-${c.date}`}>{t.changedDayTitle(japaneseDate(c.date))}</p>
              <ul aria-labelledby={`changed-${c.date}`} data-testid="changed-figures">
                {c.figures.map((f) => {
                  const before = figureOf(f.figure, f.before, yenAmount);
                  return (
                    <li key={f.figure} data-figure={f.figure}>
                      {t.changedFigure(before.name, before.value, figureOf(f.figure, f.after, yenAmount).value)}
                    </li>
                  );
                })}
              </ul>
              <input type="hidden" name="intent" value="correct" />
              <input type="hidden" name="store_id" value={view.storeId} />
              <input type="hidden" name="date" value={c.date} />
              <InputField label={t.correctionReason} name="reason" required maxLength={500} />
              <button type="submit" className="button" disabled={busy}>
                {t.recordCorrection}
              </button>
            </Form>
          ))}
        </section>
      )}

      <h3>
        {day} {view.close ? t.closedOn(tokyoDateTimeLabel(view.close.closedAt), view.close.closedBy) : t.open}
      </h3>
      <FiguresTables figures={view.figures} />

      <section className="panel" data-testid="close-cash">
        <h4>{t.cashTitle}</h4>
        {view.close ? (
          <dl>
            <dt>{t.cashExpected}</dt>
            <dd data-figure="cash.expected">{yenAmount(view.close.cash.expected)}</dd>
            <dt>{t.cashCounted}</dt>
            <dd data-figure="cash.counted">{yenAmount(view.close.cash.counted)}</dd>
            <dt>{t.cashDifference}</dt>
            <dd data-figure="cash.difference">{yenAmount(view.close.cash.difference)}</dd>
            {view.close.note && (
              <>
                <dt>{t.note}</dt>
                <dd>{view.close.note}</dd>
              </>
            )}
          </dl>
        ) : confirm ? (
          <Form method="post" data-testid="close-confirm" aria-labelledby="close-confirm-title">
            <h4 id="close-confirm-title">{t.confirmTitle}</h4>
            <p>{t.confirmLead(day)}</p>
            <dl>
              <dt>{t.total}</dt>
              <dd>{yenAmount(view.figures.sales.total)}</dd>
              <dt>{t.cashExpected}</dt>
              <dd>{yenAmount(view.figures.cashExpected)}</dd>
              <dt>{t.cashCounted}</dt>
              <dd>{yenAmount(confirm.cashCounted)}</dd>
              <dt>{t.cashDifference}</dt>
              <dd>{yenAmount(confirm.cashCounted - view.figures.cashExpected)}</dd>
            </dl>
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="store_id" value={view.storeId} />
            <input type="hidden" name="date" value={view.date} />
            <input type="hidden" name="cash_counted" value={confirm.cashCounted} />
            <input type="hidden" name="note" value={confirm.note} />
            {openCount > 0 && view.open && (
              <section role="alert" data-testid="close-open" aria-labelledby="close-open-title">
                <h5 id="close-open-title">{t.openTitle}</h5>
                <p>{t.openLead}</p>
                <ul>
                  {view.open.visits.map((v) => (
                    <li key={v.reservationId} data-open-visit={v.reservationId}>
                      {t.openVisit(v.seats, v.people, tokyoDateTimeLabel(v.seatedAt))}
                    </li>
                  ))}
                  {view.open.unpaidOrders.map((o) => (
                    <li key={o.orderId} data-unpaid-order={o.orderId}>
                      {t.unpaidOrder(o.seats, yenAmount(o.subtotal), tokyoDateTimeLabel(o.orderedAt))}
                    </li>
                  ))}
                </ul>
                <input
                  type="hidden"
                  name="open_confirmed"
                  value={[...view.open.visits.map((v) => v.reservationId), ...view.open.unpaidOrders.map((o) => o.orderId)].join(' ')}
                />
              </section>
            )}
            <button type="submit" className="button" disabled={busy}>
              {openCount > 0 ? t.closeAnyway : t.confirmClose}
            </button>{' '}
            <a className="button secondary" href={`?store_id=${encodeURIComponent(view.storeId)}&date=${view.date}`}>
              {t.back}
            </a>
          </Form>
        ) : (
          <Form method="post" data-testid="close-form">
            <p>
              {t.cashExpectedLabel}
              <span data-figure="cash.expected">{yenAmount(view.figures.cashExpected)}</span>
            </p>
            <dl className="cash-over-counter">
              <dt>{t.cashTendered}</dt>
              <dd data-figure="cash.tendered">{yenAmount(view.figures.cash.tendered)}</dd>
              <dt>{t.changeGiven}</dt>
              <dd data-figure="cash.change">{yenAmount(view.figures.cash.change)}</dd>
            </dl>
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="store_id" value={view.storeId} />
            <input type="hidden" name="date" value={view.date} />
            <InputField label={t.cashCounted} type="number" name="cash_counted" min={0} step={1} required inputMode="numeric" />
            <InputField label={t.note} name="note" maxLength={500} />
            <button type="submit" className="button" disabled={busy || view.date > view.today}>
              {t.review}
            </button>
          </Form>
        )}
      </section>

      {view.close && view.close.reported.length > 0 && (
        <section className="panel" data-testid="close-reported-corrections">
          <h4>{t.correctionsInCloseTitle}</h4>
          <ul>
            {view.close.reported.map((c) => (
              <li key={c.correctionId}>
                {t.correctionLine(
                  japaneseDate(c.businessDate),
                  yenAmount(c.totalBefore),
                  yenAmount(c.totalAfter),
                  c.reason,
                  c.correctedBy,
                  tokyoDateTimeLabel(c.correctedAt),
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.corrections.length > 0 && (
        <section className="panel" data-testid="day-corrections">
          <h4>{t.correctionsOfDayTitle}</h4>
          <ul>
            {view.corrections.map((c) => (
              <li key={c.id}>
                {t.correctionLine(day, yenAmount(c.totalBefore), yenAmount(c.totalAfter), c.reason, c.correctedBy, tokyoDateTimeLabel(c.correctedAt))}
              </li>
            ))}
          </ul>
        </section>
      )}

      {view.courses.length > 0 && (
        <section className="panel" data-testid="close-courses">
          <h4>{t.coursesTitle}</h4>
          <table>
            <thead>
              <tr>
                {t.coursesHead.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.courses.map((c) => (
                <tr key={c.reservationNumber} data-difference={c.difference}>
                  <td>{c.reservationNumber}</td>
                  <td>{c.time}</td>
                  <td className="amount">{yenAmount(c.booked)}</td>
                  <td className="amount">{yenAmount(c.billed)}</td>
                  <td className="amount">{c.difference === 0 ? t.coursesMatch : yenAmount(c.difference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {view.closes.length > 0 && (
        <section className="panel" data-testid="close-history">
          <h4>{t.historyTitle}</h4>
          <table>
            <thead>
              <tr>
                <th scope="col">{t.day}</th>
                <th scope="col">{t.total}</th>
                <th scope="col">{t.cashDifference}</th>
                <th scope="col">{t.closedAt}</th>
                <th scope="col">{t.closedBy}</th>
              </tr>
            </thead>
            <tbody>
              {view.closes.map((c) => (
                <tr key={c.date}>
                  <td>
                    <a href={`?store_id=${encodeURIComponent(view.storeId)}&date=${c.date}`}>{japaneseDate(c.date)}</a>
                  </td>
                  <td>{yenAmount(c.total)}</td>
                  <td>{yenAmount(c.cashDifference)}</td>
                  <td>{tokyoDateTimeLabel(c.closedAt)}</td>
                  <td>{c.closedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
