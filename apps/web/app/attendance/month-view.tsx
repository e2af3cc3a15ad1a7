import { useState } from 'react';
import type { Answer as MonthAnswer } from '#app/routes/api/admin/attendance/route';
import { callJson } from '#app/http/api-client';
import { dayLabel } from '#app/staff-area/presentation';
import { actualLabel } from './presentation';
import { attendanceTexts as t } from './texts';

type Person = MonthAnswer['staff'][number];
type Day = Person['days'][number];

/**
 * One person's month: plan beside what was worked, the law's figures, marks; the owner corrects a day from here.
 * The section stays unnamed: the scroller inside is the region its heading names (two of one name are one landmark too many).
 */
export function PersonMonth({ person, onCorrect }: { person: Person; onCorrect?: (day: Day) => void }) {
  const headingId = `attendance-${person.user_id}`;
  const columns = [t.colDate, t.colPlanned, t.colActual, t.colBreak, t.colWorked, t.colLateNight, t.colOvertime, t.colWage, t.colFlags];
  return (
    <section className="at-person" data-testid={`attendance-person-${person.user_id}`}>
      <h3 id={headingId}>
        {person.name} <span className="hint">{t.wageLabel(person.wage)}</span>
      </h3>
      {person.warnings.map((w) => (
        <p key={w} className="sa-warning" role="note">
          {t.personWarnings[w] ?? w}
        </p>
      ))}
      <div className="sa-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
              {onCorrect && <th scope="col">{t.colActions}</th>}
            </tr>
          </thead>
          <tbody>
            {person.days.map((d) => (
              <tr key={`${d.date}-${d.record_id ?? 'plan'}`} data-testid={d.record_id ? `attendance-day-${d.record_id}` : undefined}>
                <th scope="row">{dayLabel(d.date).label}</th>
                <td>{d.planned ? `${d.planned.start}〜${d.planned.end}` : '-'}</td>
                <td>{actualLabel(d.actual)}</td>
                <td>{d.record_id ? t.minutes(d.break_minutes) : '-'}</td>
                <td>{d.record_id ? t.minutes(d.worked_minutes) : '-'}</td>
                <td>{d.late_night_minutes ? t.minutes(d.late_night_minutes) : '-'}</td>
                <td>{d.overtime_minutes ? t.minutes(d.overtime_minutes) : '-'}</td>
                <td>{t.yen(d.wage_yen)}</td>
                <td>
                  {d.flags.map((f) => (
                    <span
                      key={f}
                      className={`at-flag at-flag-${f}`}
                      title={f === 'break_short' && d.break_warning ? t.breakWarning[d.break_warning] : undefined}
                    >
                      {t.flags[f] ?? f}
                    </span>
                  ))}
                </td>
                {onCorrect && (
                  <td>
                    {d.record_id && (
                      <button type="button" className="button secondary" onClick={() => onCorrect(d)} aria-label={`${dayLabel(d.date).label} ${t.correct}`}>
                        {t.correct}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.totalsLabel}</th>
              <td />
              <td>{person.totals.days_worked}日</td>
              <td />
              <td>{t.minutes(person.totals.worked_minutes)}</td>
              <td>{t.minutes(person.totals.late_night_minutes)}</td>
              <td>{t.minutes(person.totals.overtime_minutes)}</td>
              <td>{t.yen(person.totals.wage_yen)}</td>
              <td />
              {onCorrect && <td />}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** The owner's correction of one record: in, out, break minutes and the reason the log keeps. */
export function CorrectionForm(props: { storeId: string; name: string; day: Day; onDone(): void; onCancel(): void }) {
  const { day } = props;
  const [inTime, setIn] = useState(day.actual?.in ?? '');
  const [outTime, setOut] = useState(day.actual?.out ?? '');
  const [breakMinutes, setBreak] = useState(String(day.break_minutes));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function save() {
    setSending(true);
    const body: Record<string, unknown> = { store_id: props.storeId, reason };
    if (inTime && inTime !== day.actual?.in) body.in = inTime;
    if (outTime && outTime !== day.actual?.out) body.out = outTime;
    if (breakMinutes !== '' && Number(breakMinutes) !== day.break_minutes) body.break_minutes = Number(breakMinutes);
    const r = await callJson(`/api/admin/attendance/${encodeURIComponent(day.record_id!)}`, { method: 'PUT', body });
    setSending(false);
    if (!r.ok) return setError(r.body.error ?? r.message ?? t.saveFailed(''));
    props.onDone();
  }
  return (
    <form
      className="sa-editor"
      aria-labelledby="correction-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id="correction-title">{t.correctTitle(props.name, dayLabel(day.date).label)}</h3>
      <div className="sa-editor-row">
        <label className="field">
          {t.correctIn}
          <input name="in" type="time" value={inTime} onChange={(e) => setIn(e.target.value)} />
        </label>
        <label className="field">
          {t.correctOut}
          <input name="out" type="time" value={outTime} onChange={(e) => setOut(e.target.value)} />
        </label>
        <label className="field">
          {t.correctBreak}
          <input name="break_minutes" type="number" min={0} max={1440} value={breakMinutes} onChange={(e) => setBreak(e.target.value)} />
        </label>
      </div>
      <label className="field">
        {t.correctReason}
        <textarea name="reason" aria-required="true" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="sa-actions">
        <button type="button" className="button secondary" onClick={props.onCancel}>
          {t.cancel}
        </button>
        <button type="submit" className="button" disabled={sending}>
          {t.correctSave}
        </button>
      </div>
    </form>
  );
}
