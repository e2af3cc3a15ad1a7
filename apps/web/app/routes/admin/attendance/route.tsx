import { useState } from 'react';
import type { Route } from './+types/route';
import { addMonths, formatYearMonth, tokyoDateOf, yearMonthOf } from '@moncafe/domain/calendar/dates';
import { appOf } from '#app/context';
import type { Answer as MonthAnswer } from '#app/routes/api/admin/attendance/route';
import type { Answer as HistoryAnswer } from '#app/routes/api/admin/attendance/history/route';
import { adminPageTitle } from '#app/admin-area/title';
import { CorrectionForm, PersonMonth } from '#app/attendance/month-view';
import { CorrectionHistory, LabourSettingsForm } from '#app/attendance/owner-panels';
import { attendanceTexts as t } from '#app/attendance/texts';
import { Choices, choicesOf, LoadError, Loading, NoticeLine, StoreRequired, useAreaStore, type Notice } from '#app/staff-area/components';
import { useLoad } from '#app/shared/use-load';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts } from '#app/staff-area/texts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(t.adminTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

export function loader({ context }: Route.LoaderArgs) {
  return { today: tokyoDateOf(appOf(context).runtime.clock.now()) };
}

type Day = MonthAnswer['staff'][number]['days'][number];

/** /admin/attendance: each person's month, plan beside worked time; corrections with a reason; the history; CSV; labour settings. */
export default function AdminAttendance({ loaderData }: Route.ComponentProps) {
  const { storeId, ready } = useAreaStore();
  const [month, setMonth] = useState(loaderData.today.slice(0, 7));
  const [editing, setEditing] = useState<{ name: string; day: Day } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const query = storeId ? `store_id=${encodeURIComponent(storeId)}&month=${month}` : null;
  const view = useLoad<MonthAnswer>(query && `/api/admin/attendance?${query}`);
  const history = useLoad<HistoryAnswer>(query && `/api/admin/attendance/history?${query}`);
  if (ready && !storeId) return <StoreRequired home="/admin" />;
  return (
    <div className="sa-page" data-ready={ready && view.data ? 'true' : undefined}>
      <h2>{t.adminTitle}</h2>
      <p className="hint">{t.adminHint}</p>
      <label className="field">
        {t.monthLabel}
        <Choices value={month} onChange={(e) => setMonth(e.target.value)} options={choicesOf(pastMonths(loaderData.today), staffTexts.monthLabel)} />
      </label>
      {query && (
        <p className="sa-actions">
          <a className="button secondary" href={`/api/admin/attendance/export.csv?${query}`} download>
            {t.exportDays}
          </a>
          <a className="button secondary" href={`/api/admin/attendance/export.csv?${query}&kind=summary`} download>
            {t.exportSummary}
          </a>
        </p>
      )}
      <NoticeLine notice={notice} />
      {editing && storeId && (
        <CorrectionForm
          key={editing.day.record_id}
          storeId={storeId}
          name={editing.name}
          day={editing.day}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            setNotice({ kind: 'ok', text: t.corrected });
            void view.reload();
            void history.reload();
          }}
        />
      )}
      {view.failed ? (
        <LoadError message={staffTexts.loadFailed} onRetry={() => void view.reload()} />
      ) : !view.data ? (
        <Loading />
      ) : view.data.staff.every((p) => p.days.length === 0) ? (
        <p className="empty">{t.noStaff}</p>
      ) : (
        view.data.staff
          .filter((p) => p.days.length > 0)
          .map((p) => <PersonMonth key={p.user_id} person={p} onCorrect={(day) => setEditing({ name: p.name, day })} />)
      )}
      <CorrectionHistory history={history.data} />
      {storeId && <LabourSettingsForm storeId={storeId} onSaved={() => setNotice({ kind: 'ok', text: t.settingsSaved })} />}
    </div>
  );
}

/** This month and the twelve before it, newest first. */
function pastMonths(today: string): string[] {
  return Array.from({ length: 13 }, (_, n) => formatYearMonth(addMonths(yearMonthOf(today), -n)));
}
