import { useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/route';
import { isoDateSchema, timeOfDaySchema, yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { addMonths, formatYearMonth, monthRange, tokyoDateOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { holidaysBetween } from '@moncafe/domain/calendar/holidays';
import { businessHoursRecordId, recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { monthGrid } from '#app/shared/calendar-month';
import { MonthTable } from '#app/shared/month-table';
import { recordFrom, savedAs, settingsForm, type SettingsAnswer } from '#app/site-settings/actions.server';
import { formAction } from '#app/http/form-action.server';
import { StatusLine } from '#app/site-settings/status-line';
import { settingsTexts as t } from '#app/site-settings/texts';
import '#app/site-settings/settings.css';
import { useStoreQuery } from '#app/table-order/use-store-query';
import { adminPageTitle } from '#app/admin-area/title';
import { errorOf, InputField } from '#app/shared/fields';
import { formatDate } from '#app/i18n/language';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.hoursTitle, matches) }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const url = new URL(request.url);
  const { queries, runtime } = appOf(context);
  const today = tokyoDateOf(runtime.clock.now());
  const monthParam = yearMonthSchema.safeParse(url.searchParams.get('month'));
  const month = monthParam.success ? monthParam.data : formatYearMonth(yearMonthOf(today));
  const storeId = recordIdSchema.safeParse(url.searchParams.get('store_id'));
  if (!storeId.success) return { storeId: null, month, today, rules: [], days: {}, holidays: [], sameDay: { is_enabled: false, deadline_time: null } };
  const range = monthRange(yearMonthOf(`${month}-01`));
  const [rules, days, sameDay] = await Promise.all([
    queries.siteSettings.businessHoursRules(storeId.data),
    queries.businessHours.days({ storeId: storeId.data, ...range }),
    queries.sameDaySettings.get(storeId.data),
  ]);
  return { storeId: storeId.data, month, today, rules, days: days ?? {}, holidays: holidaysBetween(range.start, range.end), sameDay };
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on');
const time = z
  .union([timeOfDaySchema, z.literal('').transform(() => null)])
  .optional()
  .transform((v) => v ?? null);
const hours = { store_id: recordIdSchema, open_time: time, close_time: time, is_closed: checkbox };
/** The weekly form's rows (decision 353): the seven weekdays (0 = Sunday) and public holidays, each `<row>-open` … */
const WEEK_ROWS = ['0', '1', '2', '3', '4', '5', '6', 'holiday'] as const;
type WeekRow = (typeof WEEK_ROWS)[number];
const weekFields = Object.fromEntries(
  WEEK_ROWS.flatMap((row) => [
    [`${row}-open`, time],
    [`${row}-close`, time],
    [`${row}-closed`, checkbox],
  ]),
) as Record<`${WeekRow}-${'open' | 'close'}`, typeof time> & Record<`${WeekRow}-closed`, typeof checkbox>;
const formSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('week'), store_id: recordIdSchema, ...weekFields, same_day_enabled: checkbox, same_day_deadline: time }),
  z.object({ intent: z.literal('weekday'), weekday: z.coerce.number().int().min(0).max(6), ...hours }),
  z.object({ intent: z.literal('holiday'), ...hours }),
  z.object({ intent: z.literal('date'), date: isoDateSchema, ...hours }),
  z.object({ intent: z.literal('remove-date'), store_id: recordIdSchema, date: isoDateSchema }),
  z.object({ intent: z.literal('same-day'), store_id: recordIdSchema, is_enabled: checkbox, deadline_time: time }),
]);

/** Saves one rule (a weekday, public holidays, one date), removes a date's own rule, or saves the same-day settings (decision 130). */
export const action = formAction({
  roles: ['admin'],
  form: formSchema,
  store: (form) => form.store_id,
  ...settingsForm,
  handle(input) {
    const f = input.form;
    const { services } = input;
    const c = { ...input.command, storeId: f.store_id };
    switch (f.intent) {
      case 'week':
        return savedAs(
          saveWeek(f, (record) => services.catalog.save(record, c)),
          input,
        );
      case 'same-day':
        return savedAs(
          services.catalog.save(
            { kind: 'same-day-settings', id: f.store_id, data: { store_id: f.store_id, is_enabled: f.is_enabled, deadline_time: f.deadline_time } },
            c,
          ),
          input,
        );
      case 'remove-date':
        return savedAs(
          services.catalog.remove({ kind: 'business-hours', id: businessHoursRecordId({ rule: 'date', store_id: f.store_id, date: f.date }) }, c),
          input,
          t.removed,
        );
      default: {
        const times = f.is_closed ? { open_time: null, close_time: null } : { open_time: f.open_time, close_time: f.close_time };
        const rule =
          f.intent === 'weekday'
            ? ({ rule: 'weekday', store_id: f.store_id, weekday: f.weekday } as const)
            : f.intent === 'holiday'
              ? ({ rule: 'holiday', store_id: f.store_id } as const)
              : ({ rule: 'date', store_id: f.store_id, date: f.date } as const);
        return savedAs(
          services.catalog.save({ kind: 'business-hours', id: businessHoursRecordId(rule), data: { ...rule, ...times, is_closed: f.is_closed } }, c),
          input,
        );
      }
    }
  },
});

type WeekForm = Extract<z.output<typeof formSchema>, { intent: 'week' }>;
type Times = { open_time: string | null; close_time: string | null; is_closed: boolean };
type HoursRecord =
  | {
      kind: 'business-hours';
      id: string;
      data: ({ rule: 'weekday'; store_id: string; weekday: number } | { rule: 'holiday'; store_id: string }) & Times;
    }
  | { kind: 'same-day-settings'; id: string; data: { store_id: string; is_enabled: boolean; deadline_time: string | null } };

/** The weekly form's one 保存 (decision 353): each weekday's and the holidays' rule, then same-day booking, in turn; the last position read back. */
async function saveWeek(f: WeekForm, save: (record: HoursRecord) => Promise<{ position: number | null }>): Promise<{ position: number | null }> {
  let last: { position: number | null } = { position: null };
  for (const row of WEEK_ROWS) {
    const rule =
      row === 'holiday' ? ({ rule: 'holiday', store_id: f.store_id } as const) : ({ rule: 'weekday', store_id: f.store_id, weekday: Number(row) } as const);
    const closed = f[`${row}-closed`];
    const times = closed ? { open_time: null, close_time: null } : { open_time: f[`${row}-open`], close_time: f[`${row}-close`] };
    const fields = { open_time: `${row}-open`, close_time: `${row}-close`, is_closed: `${row}-closed` };
    last = await recordFrom(save({ kind: 'business-hours', id: businessHoursRecordId(rule), data: { ...rule, ...times, is_closed: closed } }), fields);
  }
  const sameDay = { store_id: f.store_id, is_enabled: f.same_day_enabled, deadline_time: f.same_day_deadline };
  const fields = { is_enabled: 'same_day_enabled', deadline_time: 'same_day_deadline' };
  return recordFrom(save({ kind: 'same-day-settings', id: f.store_id, data: sameDay }), fields).then((p) => (p.position === null ? last : p));
}

/** The week form's fields that show their own problem: each row's times, and the same-day deadline. */
const WEEK_FIELDS = [...WEEK_ROWS.flatMap((row) => [`${row}-open`, `${row}-close`]), 'same_day_deadline'];
/** The form of one weekday, the holidays or a date: its times show their own problem. */
const HOURS_FIELDS = ['open_time', 'close_time'];

type Rule = Route.ComponentProps['loaderData']['rules'][number];

/** /admin/business-hours: weekly hours, the holiday rule, a month of days with their own hours, and same-day booking. */
export default function BusinessHours({ loaderData }: Route.ComponentProps) {
  useStoreQuery(loaderData.storeId);
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(null);
  const { storeId, month, rules, days, holidays, sameDay, today } = loaderData;
  if (!storeId) return <p className="hint">{t.loading}</p>;
  const holidayNames = new Map(holidays.map((h) => [h.date, h.name]));
  const closed = new Set(Object.values(days).flatMap((d) => (d.is_closed ? [d.date] : [])));
  const weeks = monthGrid(yearMonthOf(`${month}-01`), { closedDates: closed, holidays: holidayNames, today });
  const goto = (by: number) => {
    const next = new URLSearchParams(params);
    next.set('month', formatYearMonth(addMonths(yearMonthOf(`${month}-01`), by)));
    setParams(next);
    setChosen(null);
  };
  const dateRule = chosen ? rules.find((r) => r.rule === 'date' && r.date === chosen) : undefined;
  const chosenDay = chosen ? days[chosen] : undefined;
  return (
    <section data-testid="business-hours" className="settings-page">
      <h2>{t.hoursTitle}</h2>
      <WeekForm storeId={storeId} rules={rules} sameDay={sameDay} />

      <section className="panel" aria-labelledby="month-title">
        <h3 id="month-title">{t.monthTitle(month)}</h3>
        <div className="settings-month-nav">
          <button type="button" className="button secondary" onClick={() => goto(-1)}>
            {t.prevMonth}
          </button>
          <button type="button" className="button secondary" onClick={() => goto(1)}>
            {t.nextMonth}
          </button>
        </div>
        <p className="hint">{t.dateHint}</p>
        <MonthTable
          weeks={weeks}
          weekdays={t.weekdays.map((w) => w.slice(0, 1))}
          cell={(day) => {
            const d = days[day.date];
            return {
              className: [day.isClosed ? 'closed' : '', day.holidayName ? 'holiday' : '', day.date === chosen ? 'chosen' : ''].join(' ').trim(),
              content: (
                <button type="button" className="settings-day" aria-pressed={day.date === chosen} onClick={() => setChosen(day.date)}>
                  <span className="visually-hidden">{formatDate(day.date, 'ja')}</span>
                  <span aria-hidden="true">{day.day}</span>
                  {day.holidayName && <small className="settings-holiday">{day.holidayName}</small>}
                  <small>{d?.is_closed ? t.closed : d?.open_time ? `${d.open_time}-${d.close_time}` : ''}</small>
                </button>
              ),
            };
          }}
        />
        {chosen && (
          <div className="settings-date" data-testid="date-editor">
            <HoursForm
              key={chosen}
              label={t.dateTitle(chosen)}
              storeId={storeId}
              hidden={{ intent: 'date', date: chosen }}
              rule={dateRule ?? (chosenDay ? { open_time: chosenDay.open_time, close_time: chosenDay.close_time, is_closed: chosenDay.is_closed } : undefined)}
            />
            <p className="hint">
              {chosenDay?.source === 'date'
                ? t.sourceDate
                : chosenDay?.source === 'holiday'
                  ? t.sourceHoliday
                  : chosenDay?.source === 'weekday'
                    ? t.sourceWeekday
                    : t.notSet}
            </p>
            {dateRule && <RemoveDate storeId={storeId} date={chosen} />}
          </div>
        )}
      </section>
    </section>
  );
}

function HoursForm(props: {
  label: string;
  storeId: string;
  hidden: Record<string, string>;
  rule: Pick<Rule, 'open_time' | 'close_time' | 'is_closed'> | undefined;
}) {
  const fetcher = useFetcher<SettingsAnswer>();
  const [isClosed, setClosed] = useState(props.rule?.is_closed ?? props.rule === undefined);
  const busy = fetcher.state !== 'idle';
  const answer = busy ? undefined : fetcher.data;
  return (
    <fetcher.Form method="post" className="settings-hours" aria-label={props.label}>
      <input type="hidden" name="store_id" value={props.storeId} />
      {Object.entries(props.hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <strong className="settings-hours-label">{props.label}</strong>
      <HoursFields names={['is_closed', 'open_time', 'close_time']} rule={props.rule} closed={isClosed} onClosed={setClosed} answer={answer} />
      <button type="submit" className="button" disabled={busy} aria-label={`${props.label} ${t.save}`}>
        {t.save}
      </button>
      <StatusLine answer={answer} fields={HOURS_FIELDS} />
    </fetcher.Form>
  );
}

function RemoveDate({ storeId, date }: { storeId: string; date: string }) {
  const fetcher = useFetcher<SettingsAnswer>();
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        if (!window.confirm(t.confirmRemove(t.dateTitle(date)))) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="remove-date" />
      <input type="hidden" name="store_id" value={storeId} />
      <input type="hidden" name="date" value={date} />
      <button type="submit" className="button danger" disabled={fetcher.state !== 'idle'}>
        {t.removeOverride}
      </button>
      <StatusLine answer={fetcher.data} />
    </fetcher.Form>
  );
}

/**
 * The weekly hours, the holidays' rule and same-day booking: one form, one 保存 (decision 353;
 * there used to be one per row). Each row's times are off while it is marked closed.
 */
function WeekForm({ storeId, rules, sameDay }: { storeId: string; rules: readonly Rule[]; sameDay: { is_enabled: boolean; deadline_time: string | null } }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const ruleOf = (row: WeekRow) => rules.find((r) => (row === 'holiday' ? r.rule === 'holiday' : r.rule === 'weekday' && r.weekday === Number(row)));
  const [closed, setClosed] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(WEEK_ROWS.map((row) => [row, ruleOf(row)?.is_closed ?? ruleOf(row) === undefined])),
  );
  const busy = fetcher.state !== 'idle';
  const answer = busy ? undefined : fetcher.data;
  const key = `${storeId}:${rules.map((r) => `${r.open_time}-${r.close_time}-${r.is_closed}`).join(',')}:${String(sameDay.is_enabled)}:${sameDay.deadline_time ?? ''}`;
  return (
    <fetcher.Form method="post" key={key} data-testid="week-form">
      <input type="hidden" name="intent" value="week" />
      <input type="hidden" name="store_id" value={storeId} />
      <section className="panel" aria-labelledby="weekly-title">
        <h3 id="weekly-title">{t.weeklyTitle}</h3>
        <ul className="settings-rows">
          {WEEK_ROWS.map((row) => {
            const label = row === 'holiday' ? t.holidayRule : t.weekdays[Number(row)]!;
            return (
              <li key={row}>
                <fieldset className="settings-hours" aria-label={label}>
                  <strong className="settings-hours-label">{label}</strong>
                  <HoursFields
                    names={[`${row}-closed`, `${row}-open`, `${row}-close`]}
                    rule={ruleOf(row)}
                    closed={closed[row] ?? false}
                    onClosed={(on) => setClosed((c) => ({ ...c, [row]: on }))}
                    answer={answer}
                  />
                </fieldset>
              </li>
            );
          })}
        </ul>
      </section>
      <fieldset className="panel">
        <legend>{t.sameDayTitle}</legend>
        <label>
          <input type="checkbox" name="same_day_enabled" defaultChecked={sameDay.is_enabled} /> {t.sameDayEnabled}
        </label>
        <InputField
          label={t.sameDayDeadline}
          type="time"
          name="same_day_deadline"
          defaultValue={sameDay.deadline_time ?? ''}
          error={errorOf(answer, 'same_day_deadline')}
        />
      </fieldset>
      <p className="settings-save">
        <button type="submit" className="button" disabled={busy} data-testid="week-save">
          {t.save}
        </button>
        <StatusLine answer={answer} fields={WEEK_FIELDS} />
      </p>
    </fetcher.Form>
  );
}

/**
 * A rule's 定休日, 開店 and 閉店, the times off while closed: a week row's and the chosen date's
 * (their field names differ); a refused save's problem stands beside the time it is about.
 */
function HoursFields(props: {
  names: readonly [closed: string, open: string, close: string];
  rule: Pick<Rule, 'open_time' | 'close_time'> | undefined;
  closed: boolean;
  onClosed: (closed: boolean) => void;
  answer: SettingsAnswer | undefined;
}) {
  const [closedName, openName, closeName] = props.names;
  return (
    <>
      <label>
        <input type="checkbox" name={closedName} checked={props.closed} onChange={(e) => props.onClosed(e.target.checked)} /> {t.closed}
      </label>
      {(
        [
          [openName, t.open, props.rule?.open_time],
          [closeName, t.close, props.rule?.close_time],
        ] as const
      ).map(([name, label, value]) => (
        <InputField
          key={name}
          label={label}
          type="time"
          name={name}
          defaultValue={value ?? ''}
          disabled={props.closed}
          required={!props.closed}
          error={errorOf(props.answer, name)}
        />
      ))}
    </>
  );
}
