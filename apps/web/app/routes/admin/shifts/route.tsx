import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Route } from './+types/route';
import { datesOfMonth, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { timeOptions, viewableMonths, DEFAULT_RECRUIT_TIMES, type RecruitTimes } from '@moncafe/domain/shift/rules';
import { appOf } from '#app/context';
import { callJson } from '#app/http/api-client';
import type { Answer as RecruitAnswer } from '#app/routes/api/admin/shift-recruit-time/route';
import type { Answer as SubmissionsAnswer } from '#app/routes/api/admin/shift-submissions/route';
import type { Answer as ShiftsAnswer } from '#app/routes/api/admin/shifts/all/route';
import type { Answer as UsersAnswer } from '#app/routes/api/users/route';
import { Choices, choicesOf, LoadError, Loading, NoticeLine, StoreRequired, useAreaStore, type Notice } from '#app/staff-area/components';
import { dayLabel, hhmm } from '#app/staff-area/presentation';
import { ShiftMonth } from '#app/staff-area/shift-month';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';
import { errorOf, fieldProblemOf, InputField, useFieldError } from '#app/shared/fields';
import { adminPageTitle } from '#app/admin-area/title';
import { staffScreenName } from '#app/areas/texts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(a.shiftsTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

export function loader({ context }: Route.LoaderArgs) {
  return { today: tokyoDateOf(appOf(context).runtime.clock.now()) };
}

const failure = (r: { message: string | null; body: { error?: string } }) => a.saveFailed(r.message ?? r.body.error ?? t.cannotReachServer);

/** /admin/shifts: recruit times, the month's submissions and their import, the schedule (edited with a reason) and shifts added directly. */
export default function AdminShifts({ loaderData }: Route.ComponentProps) {
  const { storeId, ready } = useAreaStore();
  const months = viewableMonths(loaderData.today);
  const [month, setMonth] = useState(loaderData.today.slice(0, 7));
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  const changed = (text: string) => {
    setNotice({ kind: 'ok', text });
    setVersion((v) => v + 1);
  };
  return (
    <div className="sa-page" data-ready={ready ? 'true' : undefined}>
      <h2>{a.shiftsTitle}</h2>
      <p className="hint">{a.shownOnStaff(staffScreenName('shift-submit'), staffScreenName('view-shift'))}</p>
      {storeId && <RecruitTimesForm storeId={storeId} onSaved={() => changed(a.saved)} />}
      <label className="field">
        {a.monthLabel}
        <Choices value={month} onChange={(e) => setMonth(e.target.value)} options={choicesOf(months, t.monthLabel)} />
      </label>
      <NoticeLine notice={notice} />
      {storeId && (
        <Submissions
          storeId={storeId}
          month={month}
          version={version}
          onImported={(n) => changed(a.imported(n))}
          onError={(text) => setNotice({ kind: 'error', text })}
        />
      )}
      <section aria-labelledby="admin-schedule">
        <h3 id="admin-schedule">{a.scheduleTitle}</h3>
        {storeId && <ShiftMonth storeId={storeId} month={month} version={version} />}
      </section>
      {storeId && (
        <AddShift
          storeId={storeId}
          month={month}
          today={loaderData.today}
          onAdded={() => changed(a.added)}
          onError={(text) => setNotice({ kind: 'error', text })}
        />
      )}
    </div>
  );
}

function RecruitTimesForm({ storeId, onSaved }: { storeId: string; onSaved(): void }) {
  const [times, setTimes] = useState<RecruitAnswer | null>(null);
  const [error, setError] = useState<{ field: string | null; error: string } | null>(null);
  useEffect(() => {
    void callJson<RecruitAnswer>(`/api/admin/shift-recruit-time?store_id=${encodeURIComponent(storeId)}`, { noStore: true }).then((r) =>
      setTimes(r.ok ? r.body : null),
    );
  }, [storeId]);
  if (!times) return <Loading />;
  const fields = [
    ['weekday_start', a.weekdayStart],
    ['weekday_end', a.weekdayEnd],
    ['weekend_start', a.weekendStart],
    ['weekend_end', a.weekendEnd],
  ] as const;
  async function save() {
    const { is_default: _default, ...data } = times!;
    const r = await callJson('/api/admin/shift-recruit-time', { body: data });
    if (!r.ok) return setError(refusalOf(r));
    setError(null);
    setTimes({ ...times!, is_default: false });
    onSaved();
  }
  return (
    <form
      className="sa-editor"
      aria-labelledby="recruit-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id="recruit-title">{a.recruitTitle}</h3>
      {times.is_default && <p className="hint">{a.recruitDefault}</p>}
      <div className="sa-editor-row">
        {fields.map(([key, label]) => (
          <div key={key} className="sa-field-with-error">
            <InputField
              label={label}
              type="time"
              step={300}
              required
              value={times[key]}
              error={errorOf(error, key)}
              onValue={(value) => setTimes({ ...times, [key]: value })}
            />
          </div>
        ))}
        <IntervalField
          value={times.interval_minutes}
          error={errorOf(error, 'interval_minutes')}
          onChange={(n) => setTimes({ ...times, interval_minutes: n })}
        />
        <button type="submit" className="button">
          {a.save}
        </button>
      </div>
      {error && error.field === null && (
        <p className="form-error" role="alert">
          {error.error}
        </p>
      )}
    </form>
  );
}

/** The recruit times form's fields: a problem at one of them is shown beside it. */
const RECRUIT_FIELDS = ['weekday_start', 'weekday_end', 'weekend_start', 'weekend_end', 'interval_minutes'] as const;

/** The step of the time lists, with its problem beside it. */
function IntervalField(props: { value: number; error: string | null; onChange(minutes: number): void }) {
  const problem = useFieldError(props.error);
  return (
    <div className="sa-field-with-error">
      <label className="field">
        {a.interval}
        <select value={props.value} {...problem.control} onChange={(e) => props.onChange(Number(e.target.value))}>
          {[10, 15, 20, 30, 60].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {problem.words}
    </div>
  );
}

/**
 * A refused save: the field it names, with its problem in the owner's words beside it (a refused
 * body's `message`, a refused record's `error`), or a failure of the whole save.
 */
function refusalOf(r: { status: number; message: string | null; body: { error?: string; field?: string; message?: string } }) {
  return fieldProblemOf(r, RECRUIT_FIELDS) ?? { field: null, error: failure(r) };
}

function Submissions(props: { storeId: string; month: string; version: number; onImported(n: number): void; onError(text: string): void }) {
  const { storeId, month } = props;
  const [rows, setRows] = useState<SubmissionsAnswer | null>(null);
  const [schedule, setSchedule] = useState<ShiftsAnswer['shifts']>([]);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const load = useCallback(async () => {
    setFailed(false);
    const q = `store_id=${encodeURIComponent(storeId)}&month=${month}`;
    const [s, all] = await Promise.all([
      callJson<SubmissionsAnswer>(`/api/admin/shift-submissions?${q}`, { noStore: true }),
      callJson<ShiftsAnswer>(`/api/admin/shifts/all?${q}`, { noStore: true }),
    ]);
    setRows(s.ok ? s.body : null);
    setSchedule(all.ok ? all.body.shifts : []);
    setFailed(!s.ok);
    setChosen(new Set());
  }, [storeId, month]);
  useEffect(() => {
    void load();
  }, [load, props.version]);

  const people = useMemo(() => {
    const byUser = new Map<string, { name: string; rows: SubmissionsAnswer }>();
    for (const r of rows ?? []) {
      const entry = byUser.get(r.user_id) ?? { name: r.user_name ?? r.user_id, rows: [] };
      entry.rows.push(r);
      byUser.set(r.user_id, entry);
    }
    return [...byUser];
  }, [rows]);

  async function importShifts(body: { user_ids?: string[]; dates?: string[] }) {
    const r = await callJson<{ imported: number }>('/api/admin/shifts/import', { body: { store_id: storeId, month, ...body } });
    if (!r.ok) return props.onError(failure(r));
    props.onImported(r.body.imported);
  }

  if (failed) return <LoadError message={t.loadFailed} onRetry={() => void load()} />;
  if (!rows) return <Loading />;
  return (
    <section aria-labelledby="submissions-title" className="sa-editor">
      <h3 id="submissions-title">{a.submissionsTitle}</h3>
      {people.length === 0 ? (
        <p className="empty">{a.noSubmissions}</p>
      ) : (
        <>
          <button type="button" className="button" onClick={() => void importShifts({})}>
            {a.importAll}
          </button>
          {people.map(([userId, person]) => {
            const mine = [...chosen].filter((key) => key.startsWith(`${userId} `)).map((key) => key.slice(userId.length + 1));
            return (
              <div key={userId} className="sa-editor" data-testid="submission">
                <h4>{person.name}</h4>
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="visually-hidden">{a.importChosen}</span>
                      </th>
                      <th scope="col">{t.colDate}</th>
                      <th scope="col">{t.colStart}</th>
                      <th scope="col">{t.colEnd}</th>
                      <th scope="col" />
                    </tr>
                  </thead>
                  <tbody>
                    {person.rows.map((r) => {
                      const key = `${userId} ${r.shift_date}`;
                      const scheduled = schedule.find((s) => s.user_id === userId && s.shift_date === r.shift_date);
                      const same = scheduled && hhmm(scheduled.start_time) === hhmm(r.start_time) && hhmm(scheduled.end_time) === hhmm(r.end_time);
                      const day = dayLabel(r.shift_date);
                      return (
                        <tr key={key} className={`day-${day.type}`}>
                          <td>
                            <input
                              type="checkbox"
                              aria-label={`${person.name} ${day.label}`}
                              checked={chosen.has(key)}
                              onChange={(e) => {
                                const next = new Set(chosen);
                                if (e.target.checked) next.add(key);
                                else next.delete(key);
                                setChosen(next);
                              }}
                            />
                          </td>
                          <td className="sa-day">{day.label}</td>
                          <td>{hhmm(r.start_time)}</td>
                          <td>{hhmm(r.end_time)}</td>
                          <td className="hint">{same ? a.alreadyImported : scheduled ? a.differsFromSchedule : ''}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <div className="sa-actions">
                  <button type="button" className="button secondary" onClick={() => void importShifts({ user_ids: [userId] })}>
                    {a.importPerson(person.name)}
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    disabled={mine.length === 0}
                    onClick={() => void importShifts({ user_ids: [userId], dates: mine })}
                  >
                    {a.importChosen}
                  </button>
                </div>
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}

function AddShift(props: { storeId: string; month: string; today: string; onAdded(): void; onError(text: string): void }) {
  const { storeId, month } = props;
  const [users, setUsers] = useState<UsersAnswer>([]);
  const [recruit, setRecruit] = useState<RecruitTimes>(DEFAULT_RECRUIT_TIMES);
  const dates = datesOfMonth(month);
  const [form, setForm] = useState({ user_id: '', shift_date: '', start_time: '', end_time: '' });
  useEffect(() => {
    void callJson<UsersAnswer>(`/api/users?store_id=${encodeURIComponent(storeId)}`, { noStore: true }).then((r) =>
      setUsers(r.ok && Array.isArray(r.body) ? r.body : []),
    );
    void callJson<RecruitAnswer>(`/api/admin/shift-recruit-time?store_id=${encodeURIComponent(storeId)}`, { noStore: true }).then(
      (r) => r.ok && setRecruit(r.body),
    );
  }, [storeId]);
  useEffect(() => setForm((f) => ({ ...f, shift_date: '' })), [month]);
  const options = form.shift_date ? timeOptions(recruit, form.shift_date) : [];
  async function add() {
    const r = await callJson('/api/admin/shifts', { body: { store_id: storeId, ...form } });
    if (!r.ok) return props.onError(failure(r));
    setForm({ user_id: form.user_id, shift_date: '', start_time: '', end_time: '' });
    props.onAdded();
  }
  return (
    <form
      className="sa-editor"
      aria-labelledby="add-shift-title"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <h3 id="add-shift-title">{a.addShiftTitle}</h3>
      <div className="sa-editor-row">
        <label className="field">
          {a.person}
          <Choices
            required
            value={form.user_id}
            onChange={(e) => setForm({ ...form, user_id: e.target.value })}
            placeholder={t.employeePlaceholder}
            options={users.map((u) => ({ value: u.id, label: u.name }))}
          />
        </label>
        <label className="field">
          {a.date}
          <Choices
            required
            value={form.shift_date}
            onChange={(e) => setForm({ ...form, shift_date: e.target.value })}
            placeholder={t.noTime}
            options={choicesOf(dates, (d) => dayLabel(d).label)}
          />
        </label>
        {(['start_time', 'end_time'] as const).map((key) => (
          <label key={key} className="field">
            {key === 'start_time' ? a.start : a.end}
            <Choices
              required
              value={form[key]}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
              placeholder={t.noTime}
              options={choicesOf(options)}
            />
          </label>
        ))}
        <button type="submit" className="button">
          {a.add}
        </button>
      </div>
    </form>
  );
}
