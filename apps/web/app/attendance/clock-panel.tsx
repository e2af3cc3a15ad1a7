import { useState } from 'react';
import type { ClockKind } from '@moncafe/domain/attendance/decider';
import type { Answer as MineAnswer } from '#app/routes/api/staff/attendance/route';
import type { Answer as ClockAnswer } from '#app/routes/api/staff/clock/route';
import { callJson } from '#app/http/api-client';
import { newIdempotencyKey } from '#app/http/idempotency-key';
import { LoadError, Loading, NoticeLine, type Notice } from '#app/staff-area/components';
import { useLoad } from '#app/shared/use-load';
import { dayLabel, tokyoDateTimeLabel } from '#app/staff-area/presentation';
import { staffTexts } from '#app/staff-area/texts';
import { actualLabel, CLOCK_LABELS, recordTimesLabel } from './presentation';
import { attendanceTexts as t } from './texts';

/** Where the phone is, when it will say within a few seconds; null otherwise (the server decides what that means). */
function position(): Promise<{ latitude: number; longitude: number; accuracy: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => resolve(null),
      { timeout: 5000, maximumAge: 60_000 },
    ),
  );
}

/** The staff home's time clock: the four presses for oneself, this month's records and their corrections. */
export function ClockPanel({ storeId, month }: { storeId: string; month: string }) {
  const mine = useLoad<MineAnswer>(`/api/staff/attendance?store_id=${encodeURIComponent(storeId)}&month=${month}`);
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState<ClockKind | null>(null);
  const open = mine.data?.days.find((d) => d.flags.includes('working')) ?? null;
  const onBreak = open?.flags.includes('on_break') ?? false;

  async function press(kind: ClockKind) {
    setSending(kind);
    const where = await position();
    // One key per press: a resend after a dropped answer is answered once (decision 260).
    const r = await callJson<ClockAnswer>('/api/staff/clock', { body: { store_id: storeId, kind, ...(where ?? {}) }, idempotencyKey: newIdempotencyKey() });
    setSending(null);
    if (!r.ok) return setNotice({ kind: 'error', text: r.body.error ?? r.message ?? staffTexts.cannotReachServer });
    setNotice({ kind: 'ok', text: t.clockedAt(CLOCK_LABELS[kind], tokyoDateTimeLabel(r.body.at).slice(11)) });
    void mine.reload();
  }

  const enabled: Record<ClockKind, boolean> = { in: !open, break_start: !!open && !onBreak, break_end: !!open && onBreak, out: !!open };
  return (
    <section aria-labelledby="clock-title" className="at-clock" data-ready={mine.data ? 'true' : undefined}>
      <h3 id="clock-title">{t.clockTitle}</h3>
      <p className="at-state" aria-live="polite" data-testid="clock-state">
        {!mine.data ? t.sending : open ? (onBreak ? t.stateOnBreak : t.stateWorking(open.actual?.in ?? '')) : t.stateOff}
      </p>
      <div className="at-buttons">
        {(Object.keys(CLOCK_LABELS) as ClockKind[]).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button at-press"
            disabled={!mine.data || sending !== null || !enabled[kind]}
            onClick={() => void press(kind)}
          >
            {sending === kind ? t.sending : CLOCK_LABELS[kind]}
          </button>
        ))}
      </div>
      <p className="hint">{t.locationNote}</p>
      <NoticeLine notice={notice} />
      <h3 id="my-records-title">{t.myRecordsTitle}</h3>
      {mine.failed ? (
        <LoadError message={staffTexts.loadFailed} onRetry={() => void mine.reload()} />
      ) : !mine.data ? (
        <Loading />
      ) : mine.data.days.filter((d) => d.record_id).length === 0 ? (
        <p className="empty">{t.noRecords}</p>
      ) : (
        <ul className="at-records" aria-labelledby="my-records-title">
          {mine.data.days
            .filter((d) => d.record_id)
            .map((d) => (
              <li key={d.record_id}>
                {dayLabel(d.date).label} {actualLabel(d.actual)} {t.colBreak}
                {t.minutes(d.break_minutes)} {t.colWorked}
                {t.minutes(d.worked_minutes)} {d.flags.map((f) => t.flags[f] ?? f).join(' ')}
              </li>
            ))}
        </ul>
      )}
      {mine.data && mine.data.corrections.length > 0 && (
        <>
          <h3 id="my-corrections-title">{t.myCorrectionsTitle}</h3>
          <ul aria-labelledby="my-corrections-title">
            {mine.data.corrections.map((c) => (
              <li key={c.id}>
                {dayLabel(c.work_date).label}：{recordTimesLabel(c.before)} → {recordTimesLabel(c.after)}（{c.reason}）
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
