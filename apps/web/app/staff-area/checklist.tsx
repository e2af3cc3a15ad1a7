import { useCallback, useEffect, useState } from 'react';
import { addDays } from '@moncafe/domain/calendar/dates';
import type { ChecklistName } from '@moncafe/domain/checklist/kinds';
import { callJson } from '#app/http/api-client';
import type { Answer as ChecklistAnswer, ToggleAnswer } from '#app/routes/api/store-opening-tasks/$id/route';
import { DescriptionPanel, LoadError, Loading, NoticeLine, StoreRequired, TableHead, useAreaStore, type Notice } from './components';
import { tokyoDateTimeLabel } from './presentation';
import { staffTexts as t } from './texts';

/** The spec's calls: GET /api/store-{opening|close}-tasks/{storeId}, PUT …/{taskId}. */
export const checklistPath = { opening: '/api/store-opening-tasks', closing: '/api/store-close-tasks' } as const satisfies Record<ChecklistName, string>;

type Task = ChecklistAnswer['tasks'][number];

function record(task: Task): string {
  if (!task.changed_by || !task.changed_at) return t.empty;
  const when = tokyoDateTimeLabel(task.changed_at);
  return task.completed ? t.tickedBy(task.changed_by, when) : t.untickedBy(task.changed_by, when);
}

/**
 * /staff/opening-prep and /staff/close-prep: the tasks by number, each click ticking or unticking
 * it for today's business day (the server's Tokyo date) and reloading the list; who and when are
 * shown. Earlier days are read-only history.
 */
export function ChecklistScreen({ list }: { list: ChecklistName }) {
  const { storeId, ready } = useAreaStore();
  const [day, setDay] = useState<ChecklistAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [historyDate, setHistoryDate] = useState('');
  const [history, setHistory] = useState<ChecklistAnswer | null>(null);
  const base = checklistPath[list];

  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const r = await callJson<ChecklistAnswer>(`${base}/${encodeURIComponent(storeId)}`, { noStore: true });
    setDay(r.ok ? r.body : null);
    setFailed(!r.ok);
  }, [base, storeId]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!storeId || !historyDate) return setHistory(null);
    void callJson<ChecklistAnswer>(`${base}/${encodeURIComponent(storeId)}?date=${historyDate}`, { noStore: true }).then((r) =>
      setHistory(r.ok ? r.body : null),
    );
  }, [base, storeId, historyDate]);

  if (ready && !storeId) return <StoreRequired home="/staff" />;

  async function toggle(task: Task) {
    setBusy(task.id);
    setNotice(null);
    const r = await callJson<ToggleAnswer>(`${base}/${encodeURIComponent(task.id)}`, { method: 'PUT', body: { completed: !task.completed } });
    if (!r.ok) setNotice({ kind: 'error', text: t.toggleFailed(r.message ?? r.body.error ?? t.cannotReachServer) });
    await load();
    setBusy(null);
  }

  const title = list === 'opening' ? t.openingTitle : t.closingTitle;
  return (
    <div className="sa-page" data-ready={ready && day ? 'true' : undefined}>
      <h2>{title}</h2>
      <DescriptionPanel>
        <p>{t.checklistDescription}</p>
      </DescriptionPanel>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!day && !failed && <Loading />}
      {day && (
        <>
          <p className="hint" data-testid="business-day">
            {t.businessDay(day.business_day)}
          </p>
          <NoticeLine notice={notice} />
          {day.tasks.length === 0 ? (
            <p className="empty">{t.noTasks}</p>
          ) : (
            <table className="data-table sa-checklist" data-testid="checklist">
              <TableHead columns={[t.colNumber, t.colTask, t.colDone, t.colWho]} />
              <tbody>
                {day.tasks.map((task) => (
                  <tr key={task.id} className={task.completed ? 'done' : undefined}>
                    <td>{task.task_id}</td>
                    <td>
                      <label htmlFor={`task-${task.id}`}>{task.task_text}</label>
                    </td>
                    <td>
                      <input
                        id={`task-${task.id}`}
                        type="checkbox"
                        className="sa-check"
                        checked={task.completed}
                        disabled={busy !== null}
                        onChange={() => void toggle(task)}
                      />
                    </td>
                    <td data-testid="tick-record">{record(task)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <section className="sa-history" aria-labelledby={`${list}-history`}>
            <h3 id={`${list}-history`}>{t.historyTitle}</h3>
            <label className="field">
              {t.historyDayLabel}
              <input type="date" value={historyDate} max={addDays(day.today, -1)} onChange={(e) => setHistoryDate(e.target.value)} />
            </label>
            {history && (
              <table className="data-table" data-testid="checklist-history" aria-label={t.historyOf(history.business_day)}>
                <tbody>
                  {history.tasks.map((task) => (
                    <tr key={task.id}>
                      <td>{task.task_id}</td>
                      <td>{task.task_text}</td>
                      <td>{task.completed ? t.doneMark : t.notDoneMark}</td>
                      <td>{record(task)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
