import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Route } from './+types/route';
import { addDays, datesOfMonth, tokyoDateOf } from '@moncafe/domain/calendar/dates';
import { submittableMonths, timeOptions, DEFAULT_RECRUIT_TIMES, type RecruitTimes } from '@moncafe/domain/shift/rules';
import { requireRole } from '#app/auth/require-role.server';
import { appOf } from '#app/context';
import { callJson } from '#app/http/api-client';
import type { Answer as UsersAnswer } from '#app/routes/api/users/route';
import type { Answer as RecruitAnswer } from '#app/routes/api/admin/shift-recruit-time/route';
import type { Answer as SubmitAnswer } from '#app/routes/api/shift/submit/route';
import {
  Choices,
  choicesOf,
  TableHead,
  DescriptionPanel,
  LoadError,
  Loading,
  NoticeLine,
  StoreRequired,
  useAreaStore,
  type Notice,
} from '#app/staff-area/components';
import { dayLabel } from '#app/staff-area/presentation';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.submitTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** The server's Tokyo date (which months may be submitted, which days are past) and who submits. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(request, context, 'staff', 'admin');
  return { today: tokyoDateOf(appOf(context).runtime.clock.now()), me: { id: user.id, name: user.name }, admin: user.roles.includes('admin') };
}

/**
 * The month the screen opens on: the first one still wholly ahead (next month), not the current
 * one whose days have mostly passed; the current month stays in the list (decision 189).
 */
export function firstOpenMonth(today: string): string {
  const months = submittableMonths(today);
  return months.find((m) => m > today.slice(0, 7)) ?? months[0] ?? today.slice(0, 7);
}

const isMonday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 1;

type Row = { start: string; end: string };

/** The rows a person filled in: complete ones to send, half-filled and backwards ones to point out. */
function check(rows: Record<string, Row>) {
  const complete: { shift_date: string; start_time: string; end_time: string }[] = [];
  const backwards: string[] = [];
  const half: string[] = [];
  for (const [date, row] of Object.entries(rows).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (row.start && row.end) {
      if (row.end <= row.start) backwards.push(date);
      else complete.push({ shift_date: date, start_time: row.start, end_time: row.end });
    } else if (row.start || row.end) half.push(date);
  }
  return { complete, backwards, half };
}

/** /staff/shift-submit: a person's wishes for a month, day by day (operations.md §2). */
export default function ShiftSubmit({ loaderData }: Route.ComponentProps) {
  const { storeId, ready } = useAreaStore();
  const { today, me, admin } = loaderData;
  const [users, setUsers] = useState<UsersAnswer | null>(null);
  const [usersFailed, setUsersFailed] = useState(false);
  const [recruit, setRecruit] = useState<RecruitTimes>(DEFAULT_RECRUIT_TIMES);
  // A staff member submits as themselves only (the server refuses a colleague's name); an admin chooses.
  const [userId, setUserId] = useState(admin ? '' : me.id);
  const [month, setMonth] = useState(() => firstOpenMonth(today));
  const [rows, setRows] = useState<Record<string, Row>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const loadUsers = useCallback(async () => {
    if (!storeId) return;
    setUsers(null);
    setUsersFailed(false);
    const [u, r] = await Promise.all([
      callJson<UsersAnswer>(`/api/users?store_id=${encodeURIComponent(storeId)}`, { noStore: true }),
      callJson<RecruitAnswer>(`/api/admin/shift-recruit-time?store_id=${encodeURIComponent(storeId)}`, { noStore: true }),
    ]);
    // Spec §7: an answer that is not an array is an empty list; §8: a failure empties it and says so.
    setUsers(u.ok && Array.isArray(u.body) ? u.body : []);
    setUsersFailed(!u.ok);
    if (r.ok) setRecruit(r.body);
  }, [storeId]);
  useEffect(() => {
    void loadUsers();
  }, [loadUsers]);

  // Past days cannot be wished for: only the days still ahead are listed.
  const dates = useMemo(() => (month ? datesOfMonth(month).filter((d) => d >= today) : []), [month, today]);
  const { complete, backwards, half } = check(rows);
  const valid = userId !== '' && month !== '' && complete.length > 0 && backwards.length === 0 && !busy;

  if (ready && !storeId) return <StoreRequired home="/staff" />;

  const setTime = (date: string, which: keyof Row, value: string) => {
    setNotice(null);
    setRows((current) => ({ ...current, [date]: { ...(current[date] ?? { start: '', end: '' }), [which]: value } }));
  };

  /** The week starting `monday` takes the times of the week before (days without times there are cleared). */
  const copyPreviousWeek = (monday: string) => {
    setNotice(null);
    setRows((current) => {
      const next = { ...current };
      for (let i = 0; i < 7; i++) {
        const date = addDays(monday, i);
        if (!dates.includes(date)) continue;
        const before = current[addDays(date, -7)];
        const offered = timeOptions(recruit, date);
        if (before && offered.includes(before.start) && offered.includes(before.end)) next[date] = { ...before };
        else delete next[date];
      }
      return next;
    });
  };

  async function submit() {
    if (!valid || !storeId) return;
    setBusy(true);
    setNotice(null);
    const r = await callJson<SubmitAnswer>('/api/shift/submit', { body: { store_id: storeId, user_id: userId, shifts: complete } });
    setBusy(false);
    if (r.ok) {
      setNotice({ kind: 'ok', text: t.submitted });
      setRows({});
      return;
    }
    // Decision 080: every typed row stays on screen, and the screen says it failed and why.
    setNotice({ kind: 'error', text: t.submitFailed(r.message ?? r.body.error ?? t.cannotReachServer) });
  }

  return (
    <div className="sa-page" data-ready={ready && users !== null ? 'true' : undefined}>
      <h2>{t.submitTitle}</h2>
      <DescriptionPanel>
        <p>{t.submitDescription}</p>
      </DescriptionPanel>
      {usersFailed && <LoadError message={t.usersFailed} onRetry={() => void loadUsers()} />}
      {users === null && <Loading />}
      {admin ? (
        <label className="field">
          {t.employeeLabel}
          <Choices
            value={userId}
            disabled={users === null}
            onChange={(e) => setUserId(e.target.value)}
            placeholder={t.employeePlaceholder}
            options={(users ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
        </label>
      ) : (
        <p data-testid="submitting-as">{t.submittingAs(me.name)}</p>
      )}
      {users !== null && users.length === 0 && !usersFailed && <p className="hint">{t.noEmployees}</p>}
      {userId && (
        <label className="field">
          {t.monthLabelPrompt}
          <Choices
            value={month}
            onChange={(e) => {
              setMonth(e.target.value);
              setRows({});
              setNotice(null);
            }}
            placeholder={t.monthPlaceholder}
            options={choicesOf(submittableMonths(today), t.monthLabel)}
          />
        </label>
      )}
      {userId && month && (
        <section aria-labelledby="shift-table-title">
          <h3 id="shift-table-title">{t.tableTitle}</h3>
          <table className="data-table sa-shift-table">
            <TableHead columns={[t.colDate, t.colStart, t.colEnd]} />
            <tbody>
              {dates.flatMap((date, index) => {
                const day = dayLabel(date);
                const row = rows[date] ?? { start: '', end: '' };
                const past = date < today;
                const options = choicesOf(timeOptions(recruit, date));
                const wrong = backwards.includes(date);
                const weekStart =
                  index > 0 && isMonday(date) ? (
                    <tr key={`${date}-copy`} className="sa-week-start">
                      <td colSpan={3}>
                        <button
                          type="button"
                          className="button secondary"
                          aria-label={t.copyPreviousWeekLabel(day.label)}
                          onClick={() => copyPreviousWeek(date)}
                        >
                          {t.copyPreviousWeek}
                        </button>
                      </td>
                    </tr>
                  ) : null;
                return [
                  weekStart,
                  <tr key={date} className={`day-${day.type}${past ? ' past' : ''}`} data-date={date}>
                    <th scope="row" className="sa-day">
                      {day.label}
                      {day.holiday && <span className="sa-holiday">{day.holiday}</span>}
                    </th>
                    {(['start', 'end'] as const).map((which) => (
                      <td key={which}>
                        <Choices
                          value={row[which]}
                          disabled={past}
                          aria-label={`${day.label} ${which === 'start' ? t.colStart : t.colEnd}`}
                          aria-invalid={wrong}
                          onChange={(e) => setTime(date, which, e.target.value)}
                          placeholder={t.noTime}
                          options={options}
                        />
                      </td>
                    ))}
                  </tr>,
                ];
              })}
            </tbody>
          </table>
          {backwards.map((date) => (
            <p key={date} className="form-error" role="alert">
              {t.endNotAfterStart(dayLabel(date).label)}
            </p>
          ))}
          {half.map((date) => (
            <p key={date} className="hint">
              {t.halfFilled(dayLabel(date).label)}
            </p>
          ))}
          {complete.length > 0 && <p className="hint">{t.rowsChosen(complete.length)}</p>}
        </section>
      )}
      <NoticeLine notice={notice} />
      <button type="button" className="button" disabled={!valid} onClick={() => void submit()}>
        {busy ? t.submitting : t.submit}
      </button>
    </div>
  );
}
