import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { datesOfMonth } from '@moncafe/domain/calendar/dates';
import { endsBeforeStart, timeOptions } from '@moncafe/domain/shift/rules';
import type { ShiftField } from '@moncafe/domain/shift/events';
import { callJson } from '#app/http/api-client';
import type { Answer as ShiftsAnswer } from '#app/routes/api/admin/shifts/all/route';
import type { Answer as CorrectAnswer } from '#app/routes/api/admin/shifts/$id/route';
import type { Answer as HistoryAnswer } from '#app/routes/api/shift/history-log/route';
import { AskDialog, LoadError, Loading, NoticeLine, type Notice } from './components';
import { dayLabel, hhmm, tokyoDateTimeLabel } from './presentation';
import { staffTexts as t } from './texts';

type Shift = ShiftsAnswer['shifts'][number];
type Cell = { userId: string; date: string; field: ShiftField };
type Pending = Cell & { shift: Shift; name: string; before: string; after: string };

/** Spec: the history is fetched 100 ms after a month change. */
const HISTORY_DELAY_MS = 100;

/**
 * One month of the schedule: staff by day with start and end, weekend and holiday colours, a
 * warning mark where the end is before the start; a cell is corrected by double-click (or
 * Enter) through a list of times and a required reason, and cancelled by leaving the list, a
 * click elsewhere, Escape or cancelling the reason. Below it, the month's change history, read
 * from the correction events. Used by /staff/view-shift and /admin/shifts.
 */
/** The cell the user chose to edit takes the focus as it opens (on their action, never on page load). */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

export function ShiftMonth({
  storeId,
  month,
  version = 0,
  showHistory = true,
  me = null,
}: {
  storeId: string;
  month: string;
  version?: number;
  showHistory?: boolean;
  /** The signed-in person: their column comes first (decision 189). */
  me?: string | null;
}) {
  const [data, setData] = useState<ShiftsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [history, setHistory] = useState<HistoryAnswer | null>(null);
  const [editing, setEditing] = useState<Cell | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [reloads, setReloads] = useState(0);

  const query = `store_id=${encodeURIComponent(storeId)}&month=${month}`;
  const load = useCallback(async () => {
    setFailed(false);
    const r = await callJson<ShiftsAnswer>(`/api/admin/shifts/all?${query}`, { noStore: true });
    setData(r.ok ? r.body : null);
    setFailed(!r.ok);
  }, [query]);
  useEffect(() => {
    setData(null);
    setEditing(null);
    setNotice(null);
    void load();
  }, [load, version]);
  useEffect(() => {
    if (!showHistory) return;
    setHistory(null);
    const timer = window.setTimeout(() => {
      void callJson<HistoryAnswer>(`/api/shift/history-log?${query}`, { noStore: true }).then((r) => setHistory(r.ok ? r.body : []));
    }, HISTORY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, showHistory, version, reloads]);

  const people = useMemo(() => {
    const byId = new Map<string, string>();
    for (const s of data?.shifts ?? []) byId.set(s.user_id, s.user_name ?? s.user_id);
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => Number(b.id === me) - Number(a.id === me) || a.name.localeCompare(b.name, 'ja'));
  }, [data, me]);
  const shiftOf = useMemo(() => {
    const map = new Map<string, Shift>();
    for (const s of data?.shifts ?? []) map.set(`${s.user_id} ${s.shift_date}`, s);
    return (userId: string, date: string) => map.get(`${userId} ${date}`);
  }, [data]);

  if (failed) return <LoadError message={t.loadFailed} onRetry={() => void load()} />;
  if (!data) return <Loading />;

  function startEditing(cell: Cell) {
    setNotice(null);
    // Spec §5: nothing before the first day of last month, nothing without an imported shift.
    if (cell.date < data!.first_editable_date) return setNotice({ kind: 'error', text: t.tooOld });
    if (!shiftOf(cell.userId, cell.date)) return setNotice({ kind: 'error', text: t.notImported });
    setEditing(cell);
  }

  function choose(cell: Cell, after: string) {
    setEditing(null);
    const shift = shiftOf(cell.userId, cell.date)!;
    const before = hhmm(cell.field === 'start_time' ? shift.start_time : shift.end_time);
    if (!after || after === before) return;
    setPending({ ...cell, shift, name: shift.user_name ?? shift.user_id, before, after });
  }

  async function save(change: Pending, reason: string) {
    setPending(null);
    const r = await callJson<CorrectAnswer>(`/api/admin/shifts/${encodeURIComponent(change.shift.id)}`, {
      method: 'PUT',
      body: {
        store_id: storeId,
        user_id: change.userId,
        shift_date: change.date,
        shift_type: change.field,
        before_value: change.before,
        after_value: change.after,
        reason,
        start_time: change.field === 'start_time' ? change.after : hhmm(change.shift.start_time),
        end_time: change.field === 'end_time' ? change.after : hhmm(change.shift.end_time),
      },
    });
    // Spec §8: a failed save says so, with the server's error.
    setNotice(r.ok ? { kind: 'ok', text: t.saved } : { kind: 'error', text: t.saveError(r.message ?? r.body.error ?? t.cannotReachServer) });
    if (r.ok || r.status === 409) {
      await load();
      setReloads((n) => n + 1);
    }
  }

  const dates = datesOfMonth(month);
  return (
    <div className="sa-month">
      <NoticeLine notice={notice} />
      {people.length === 0 ? (
        <p className="empty" data-testid="no-shifts">
          {t.noShifts}
        </p>
      ) : (
        <div className="sa-scroll">
          <table className="data-table sa-grid" data-testid="shift-grid">
            <thead>
              <tr>
                <th scope="col" rowSpan={2}>
                  {t.colDate}
                </th>
                {people.map((p) => (
                  <th key={p.id} scope="colgroup" colSpan={2}>
                    {p.name}
                  </th>
                ))}
              </tr>
              <tr>
                {people.flatMap((p) => [
                  <th key={`${p.id}-s`} scope="col">
                    {t.colStart}
                  </th>,
                  <th key={`${p.id}-e`} scope="col">
                    {t.colEnd}
                  </th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {dates.map((date) => {
                const day = dayLabel(date);
                return (
                  <tr key={date} className={`day-${day.type}`}>
                    <th scope="row" className="sa-day">
                      {day.label}
                      {day.holiday && <span className="sa-holiday">{day.holiday}</span>}
                    </th>
                    {people.flatMap((p) => {
                      const shift = shiftOf(p.id, date);
                      const backwards = shift ? endsBeforeStart(shift.start_time, shift.end_time) : false;
                      return (['start_time', 'end_time'] as const).map((field) => {
                        const value = shift ? hhmm(field === 'start_time' ? shift.start_time : shift.end_time) : '';
                        const cell = { userId: p.id, date, field };
                        const isEditing = editing?.userId === p.id && editing.date === date && editing.field === field;
                        return (
                          <td
                            key={`${p.id}-${field}`}
                            className="sa-cell"
                            tabIndex={isEditing ? -1 : 0}
                            aria-label={t.editCell(p.name, day.label, field === 'start_time' ? t.colStart : t.colEnd)}
                            data-cell={`${p.id}|${date}|${field}`}
                            onClick={() => {
                              if (!isEditing) startEditing(cell);
                            }}
                            onKeyDown={(e: KeyboardEvent) => {
                              if (e.key === 'Enter' && !isEditing) startEditing(cell);
                            }}
                          >
                            {isEditing && shift ? (
                              <select
                                ref={focusWhenShown}
                                defaultValue={value}
                                aria-label={t.editCell(p.name, day.label, field === 'start_time' ? t.colStart : t.colEnd)}
                                onChange={(e) => choose(cell, e.target.value)}
                                onBlur={() => setEditing(null)}
                                onKeyDown={(e) => {
                                  if (e.key === 'Escape') setEditing(null);
                                }}
                              >
                                {[...new Set([value, ...timeOptions(data.recruit_times, date)])].sort().map((time) => (
                                  <option key={time} value={time}>
                                    {time}
                                  </option>
                                ))}
                              </select>
                            ) : (
                              <>
                                {value}
                                {field === 'end_time' && backwards && (
                                  <span className="sa-warning" title={t.endBeforeStartHint}>
                                    {t.endBeforeStartMark}
                                    <span className="visually-hidden">{t.endBeforeStartHint}</span>
                                  </span>
                                )}
                              </>
                            )}
                          </td>
                        );
                      });
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pending && (
        <AskDialog
          title={t.reasonPrompt}
          body={<p>{t.changeSummary(pending.name, dayLabel(pending.date).label, t.fieldLabel[pending.field], pending.before, pending.after)}</p>}
          input={{ label: t.reasonLabel, required: t.reasonRequired }}
          confirmLabel={t.reasonSave}
          cancelLabel={t.reasonCancel}
          onConfirm={(reason) => void save(pending, reason)}
          onCancel={() => setPending(null)}
        />
      )}
      {showHistory && <ShiftHistory rows={history} />}
    </div>
  );
}

/** The section stays unnamed: the scroller inside is the region its heading names, and naming both makes two landmarks of one name. */
function ShiftHistory({ rows }: { rows: HistoryAnswer | null }) {
  return (
    <section className="sa-history">
      <h3 id="shift-history-title">{t.historyTitle}</h3>
      {rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="empty" data-testid="no-history">
          {t.historyEmpty}
        </p>
      ) : (
        <div className="sa-scroll" role="region" aria-labelledby="shift-history-title" tabIndex={0}>
          <table className="data-table" data-testid="shift-history">
            <thead>
              <tr>
                {t.historyColumns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((h) => (
                <tr key={h.id}>
                  <td>{dayLabel(h.shift_date).label}</td>
                  <td>{h.user_name ?? h.user_id}</td>
                  <td>{t.fieldLabel[h.shift_type]}</td>
                  <td>{hhmm(h.before_value)}</td>
                  <td>{hhmm(h.after_value)}</td>
                  <td>{h.reason}</td>
                  <td>{tokyoDateTimeLabel(new Date(h.timestamp).toISOString())}</td>
                  <td>{h.changed_by_name ?? h.changed_by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
