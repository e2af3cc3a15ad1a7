import { z } from 'zod';
import { Form, Link } from 'react-router';
import type { Route } from './+types/route';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import opsCss from '#app/admin-database/admin-ops.css?url';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { formatDate } from '#app/i18n/language';
import { catalogChangeWords } from './change-words';
import { categoryLabel, eventLabel, historyTexts as t } from './texts';
import { adminPageTitle } from '#app/admin-area/title';
import { InputField } from '#app/shared/fields';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: opsCss }];

const text = z
  .string()
  .trim()
  .max(300)
  .optional()
  .transform((v) => v || undefined);
const day = z.iso
  .date()
  .optional()
  .or(z.literal('').transform(() => undefined));
const filterSchema = z.object({
  category: text,
  stream: text,
  type: text,
  actor: text,
  correlation: text,
  from: day,
  to: day,
  before: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const tokyoTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', timeStyle: 'medium' });
/** 2026年12月2日（水） 10:04:05, as the owner reads dates everywhere. */
const when = (at: Date) => `${formatDate(tokyoDateOf(at), 'ja')} ${tokyoTime.format(at)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const { queries } = appOf(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = filterSchema.safeParse(params);
  const filter: Partial<z.output<typeof filterSchema>> = parsed.success ? parsed.data : {};
  const [page, choices, accounts] = await Promise.all([
    queries.history.page({
      category: filter.category,
      streamId: filter.stream,
      type: filter.type,
      actor: filter.actor,
      correlationId: filter.correlation,
      from: filter.from,
      to: filter.to,
      before: filter.before,
      limit: 50,
    }),
    queries.history.choices(),
    queries.accounts.list(),
  ]);
  const names = new Map(accounts.map((a) => [a.accountId, `${a.name} <${a.email}>`]));
  const who = (actor: string) => (actor === 'system' ? t.system : actor === 'customer' ? t.customer : (names.get(actor) ?? t.unknownAccount(actor)));
  // The thing each change is about, named as the owner knows it: a reservation's number and name, an account's name.
  const streamOwner = (streamId: string) => streamId.slice(streamId.indexOf('-') + 1);
  const reservationIds = [...new Set(page.entries.filter((e) => e.category === 'reservation' || e.category === 'bill').map((e) => streamOwner(e.streamId)))];
  const reservations = new Map(
    (await Promise.all(reservationIds.map((id) => queries.reservations.get(id)))).flatMap((r) =>
      r
        ? [
            [
              r.id,
              r.customer_name.trim()
                ? t.reservationSubject(r.reservation_number, r.customer_name)
                : t.walkInSubject(r.people, formatDate(r.reservation_date, 'ja'), r.reservation_time),
            ] as const,
          ]
        : [],
    ),
  );
  const accountNames = new Map(accounts.map((a) => [a.accountId, t.accountSubject(a.name)]));
  const subjectOf = (e: { category: string; streamId: string }) =>
    (e.category === 'reservation' || e.category === 'bill'
      ? reservations.get(streamOwner(e.streamId))
      : e.category === 'account'
        ? accountNames.get(streamOwner(e.streamId))
        : undefined) ?? categoryLabel(e.category);
  return {
    invalid: !parsed.success,
    filter,
    entries: page.entries.map((e) => ({
      eventId: e.eventId,
      position: e.position,
      when: when(e.recordedAt),
      whenIso: e.recordedAt.toISOString(),
      actor: e.actor,
      who: who(e.actor),
      type: e.type,
      label: eventLabel(e.type),
      subject: subjectOf(e),
      // A catalog record's change in words, with its values before and after (decision 577).
      change: e.category === 'catalog' ? catalogChangeWords(e.type, e.data, e.previous) : null,
      streamId: e.streamId,
      category: e.category,
      revision: e.revision,
      correlationId: e.correlationId,
      data: JSON.stringify(e.data, null, 2),
    })),
    next: page.next,
    types: choices.types.map((type) => ({ value: type, label: eventLabel(type) })).sort((a, b) => a.label.localeCompare(b.label, 'ja')),
    categories: choices.categories.map((c) => ({ value: c, label: categoryLabel(c) })),
    actors: choices.actors.map((a) => ({ id: a, label: who(a) })).sort((a, b) => a.label.localeCompare(b.label, 'ja')),
  };
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** /admin/history: every change, newest first, filtered by stream, event, actor and dates; a correlation id follows one request across streams. */
export default function History({ loaderData }: Route.ComponentProps) {
  const { filter, entries, next } = loaderData;
  const base = { ...filter, before: undefined };
  return (
    <section className="admin-history" aria-labelledby="history-title">
      <h2 id="history-title">{filter.correlation ? t.correlationHeading(filter.correlation) : t.title}</h2>
      <p className="hint">{t.lead}</p>
      {loaderData.invalid && (
        <p className="form-error" role="alert">
          {t.invalidFilter}
        </p>
      )}
      <Form method="get" className="panel history-filters" aria-label={t.filters}>
        <label className="field">
          {t.category}
          <select name="category" defaultValue={filter.category ?? ''}>
            <option value="">{t.any}</option>
            {loaderData.categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <InputField label={t.streamId} type="text" name="stream" defaultValue={filter.stream ?? ''} />
        <label className="field">
          {t.type}
          <select name="type" defaultValue={filter.type ?? ''}>
            <option value="">{t.any}</option>
            {loaderData.types.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t.actor}
          <select name="actor" defaultValue={filter.actor ?? ''}>
            <option value="">{t.any}</option>
            {loaderData.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <InputField label={t.from} type="date" name="from" defaultValue={filter.from ?? ''} />
        <InputField label={t.to} type="date" name="to" defaultValue={filter.to ?? ''} />
        {filter.correlation && <input type="hidden" name="correlation" value={filter.correlation} />}
        <button type="submit" className="button">
          {t.apply}
        </button>
        <Link to="/admin/history">{t.clear}</Link>
      </Form>

      {entries.length === 0 ? (
        <p role="status">{t.empty}</p>
      ) : (
        <ol className="history-list" aria-label={t.title}>
          {entries.map((e) => (
            <li key={e.eventId} className="history-entry" data-testid="history-entry" data-type={e.type}>
              <details>
                <summary>
                  <time dateTime={e.whenIso}>{e.when}</time> <strong>{e.label}</strong>{' '}
                  <span className="history-subject" data-testid="history-change">
                    {e.change ?? e.subject}
                  </span>{' '}
                  <span className="history-who hint">{e.who}</span>
                </summary>
                <dl className="history-detail">
                  <dt>{t.when}</dt>
                  <dd>{e.when}</dd>
                  <dt>{t.who}</dt>
                  <dd data-testid="history-who">{e.who}</dd>
                  <dt>{t.what}</dt>
                  <dd>{e.label}</dd>
                  <dt>{t.subject}</dt>
                  <dd data-testid="history-subject">{e.change ?? e.subject}</dd>
                  <dt>{t.correlation}</dt>
                  <dd>
                    <Link to={query({ correlation: e.correlationId })}>{t.followCorrelation}</Link>
                  </dd>
                </dl>
                <details className="history-raw">
                  <summary>{t.raw}</summary>
                  <dl className="history-detail">
                    <dt>{t.rawType}</dt>
                    <dd>
                      <code>{e.type}</code>
                    </dd>
                    <dt>{t.stream}</dt>
                    <dd>
                      <Link to={query({ stream: e.streamId })}>{e.streamId}</Link> (#{e.revision})
                    </dd>
                    <dt>{t.correlation}</dt>
                    <dd>
                      <code>{e.correlationId}</code>
                    </dd>
                    <dt>{t.data}</dt>
                    <dd>
                      <pre data-testid="history-data">{e.data}</pre>
                    </dd>
                  </dl>
                </details>
              </details>
            </li>
          ))}
        </ol>
      )}
      <nav className="history-pages" aria-label={t.position}>
        {filter.before !== undefined && <Link to={query(base)}>{t.newest}</Link>}{' '}
        {next !== null && <Link to={query({ ...base, before: next })}>{t.older}</Link>}
      </nav>
    </section>
  );
}
