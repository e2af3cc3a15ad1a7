import type { Route } from './+types/route';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { addDays } from '@moncafe/domain/calendar/dates';
import type { AreaOutletContext } from '#app/areas/store-choice';
import { areaTexts } from '#app/areas/texts';
import { callJson } from '#app/http/api-client';
import type { Answer as StatusAnswer, ScheduleReservation } from '#app/routes/api/admin/reservations/status/route';
import { scheduleTexts as t, statusLabels } from '#app/schedule/texts';
import { useLiveFeed } from '#app/shared/live-feed';
import { DetailModal, failureOf, type UpdateFailure } from './detail-modal';
import { PX_PER_MINUTE, ScheduleGrid, type MoveRequest } from './grid';
import { layoutBlocks, minuteOfDay, onGrid } from './layout';
import scheduleCss from './schedule.css?url';
import { areaPageTitle } from '#app/admin-area/title';
import { LoadState } from './load-state';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.title, matches) }];
export const links = () => [{ rel: 'stylesheet', href: scheduleCss }];

type Day = Extract<StatusAnswer, { success: true }>;
/** Spec §9: the schedule refreshes every 5 minutes whatever the live feed does. */
const REFRESH_MS = 5 * 60_000;
/** What a schedule listens for (operations.md §7 realtime events). */
const LIVE_EVENTS = ['reservation-updated', 'qr-checkin', 'reservation-customer-arrived', 'reservation-closed', 'reservation-merged'] as const;

/**
 * /monitor/reservation: the store's seats by 30-minute columns over the day's open hours, a day
 * list and a detail modal (operations.md §2). Blocks move by drag (pointer, touch, keyboard) in
 * 5-minute steps after a confirmation; the server's seating ledger decides and the grid only
 * mirrors its answer. Every change anywhere arrives through /live; a full reload every 5 minutes.
 */
export default function MonitorReservation() {
  const { storeId } = useOutletContext<AreaOutletContext>();
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const [day, setDay] = useState<Day | null>(null);
  const [loadError, setLoadError] = useState(false);
  /** Server clock minus the browser's, so overdue blocks follow the server's time. */
  const offset = useRef(0);
  const [now, setNow] = useState<Date | null>(null);
  const [pending, setPending] = useState<MoveRequest | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<UpdateFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef<string | null>(null);

  const load = useCallback(async () => {
    if (!storeId) return;
    const query = new URLSearchParams({ store_id: storeId });
    if (date) query.set('date', date);
    const r = await callJson<StatusAnswer>(`/api/admin/reservations/status?${query.toString()}`, { noStore: true });
    if (r.ok && r.body.success) {
      offset.current = Date.parse(r.body.now) - Date.now();
      setNow(new Date(r.body.now));
      setDay(r.body);
      setLoadError(false);
    } else setLoadError(true);
  }, [storeId, date]);

  useEffect(() => {
    void load();
    const refresh = setInterval(() => void load(), REFRESH_MS);
    // Overdue blocks grow with the clock: redraw each minute.
    const tick = setInterval(() => setNow(new Date(Date.now() + offset.current)), 60_000);
    return () => {
      clearInterval(refresh);
      clearInterval(tick);
    };
  }, [load]);

  const live = useLiveFeed({
    topics: storeId ? ['admin'] : null,
    events: LIVE_EVENTS,
    onMessage: () => {
      void load();
      setVersion((v) => v + 1);
    },
  });

  useEffect(() => {
    if (pending) confirmButton.current?.focus();
  }, [pending]);

  // Once per day shown: today's grid opens at the current time (half an hour before it).
  useEffect(() => {
    const el = scroller.current;
    if (!day || !now || !el || scrolledFor.current === day.date) return;
    scrolledFor.current = day.date;
    const minute = minuteOfDay(day.date, now);
    if (minute > day.hours.open && minute < day.hours.close) el.scrollLeft = Math.max(0, (minute - day.hours.open - 30) * PX_PER_MINUTE);
  }, [day, now]);

  const blocks = useMemo(() => (day && now ? layoutBlocks({ date: day.date, now, reservations: day.reservations, seats: day.seats }) : []), [day, now]);

  const confirmMove = async () => {
    if (!pending) return;
    setSaving(true);
    const r = pending.reservation;
    const answer = await callJson<{ success: true }>('/api/admin/reservations/update', {
      body: {
        id: r.id,
        seat_ids: pending.seatIds,
        reservation_time: pending.time,
        people: r.people,
        detail: r.detail,
        menu_id: r.menu_id,
        expected: { seat_ids: r.seat_ids, reservation_time: r.reservation_time.slice(0, 5) },
      },
    });
    if (answer.ok) {
      setNotice(t.moved);
      setRefusal(null);
    } else {
      setNotice(null);
      setRefusal(failureOf(answer.body as Record<string, string | undefined>, answer.status));
    }
    // Whatever the answer, the grid shows where the reservation really is.
    await load();
    setPending(null);
    setSaving(false);
    focusBlock(r.id);
  };

  /** Back to the block after the confirmation closes, so a keyboard user carries on from it. */
  const focusBlock = (id: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="schedule-block"][data-reservation-id="${id}"]`)?.focus());

  const goTo = (next: string) => {
    const p = new URLSearchParams(params);
    p.set('date', next);
    setParams(p, { replace: true });
    setPending(null);
  };

  if (!storeId) return <p className="hint">{areaTexts.chooseStoreFirst}</p>;

  const listed = day ? [...day.reservations].sort((a, b) => a.reservation_time.localeCompare(b.reservation_time)) : [];
  const seatNames = (r: ScheduleReservation) => r.seat_names.join('・');
  return (
    <section className="schedule" data-testid="schedule" data-ready={day !== null} data-live={live.connected ? 'up' : 'down'} data-date={day?.date ?? ''}>
      <header className="schedule-bar">
        <h2>{t.title}</h2>
        <nav className="schedule-dates" aria-label={t.date}>
          <button type="button" className="secondary" disabled={!day} onClick={() => day && goTo(addDays(day.date, -1))}>
            {t.prevDay}
          </button>
          <label>
            <span className="visually-hidden">{t.date}</span>
            <input type="date" value={day?.date ?? date ?? ''} onChange={(e) => e.target.value && goTo(e.target.value)} data-testid="schedule-date" />
          </label>
          <button type="button" className="secondary" disabled={!day} onClick={() => day && goTo(addDays(day.date, 1))}>
            {t.nextDay}
          </button>
        </nav>
        <p className="schedule-live" role="status">
          {live.connected ? t.live : t.offline}
        </p>
      </header>
      <p className="schedule-notice">{t.seatReserved}</p>

      {refusal ? (
        <p role="alert" className="error" data-testid="schedule-refusal" data-code={refusal.code}>
          {refusal.message}（{t.updateFailed}・コード: {refusal.code}）
        </p>
      ) : null}
      {notice ? (
        <p role="status" data-testid="schedule-notice">
          {notice}
        </p>
      ) : null}

      {loadError || !day ? (
        <LoadState failed={loadError} onRetry={() => void load()} />
      ) : (
        <>
          <div className="schedule-scroll" ref={scroller}>
            <ScheduleGrid
              seats={day.seats}
              reservations={day.reservations}
              blocks={blocks}
              window={{ open: day.hours.open, close: day.hours.close }}
              pending={pending}
              busy={saving}
              onMove={(move) => {
                setRefusal(null);
                setNotice(null);
                setPending(move);
              }}
              onOpen={setOpenId}
            />
          </div>
          {pending ? (
            <div className="schedule-confirm" role="alertdialog" aria-modal="false" aria-labelledby="schedule-confirm-text" data-testid="schedule-confirm">
              <p id="schedule-confirm-text">
                {t.confirmMove(
                  pending.reservation.customer_name || t.walkIn,
                  `${pending.reservation.reservation_time.slice(0, 5)} ${seatNames(pending.reservation)}`,
                  `${pending.time} ${pending.seatIds.map((id) => day.seats.find((s) => s.id === id)?.name ?? id).join('・')}`,
                )}
              </p>
              <button type="button" ref={confirmButton} disabled={saving} onClick={() => void confirmMove()} data-testid="confirm-move">
                {saving ? t.moving : t.confirmYes}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={saving}
                onClick={() => {
                  setPending(null);
                  focusBlock(pending.reservation.id);
                }}
                data-testid="cancel-move"
              >
                {t.confirmNo}
              </button>
            </div>
          ) : null}

          <section aria-labelledby="schedule-list-title" className="schedule-list">
            <h3 id="schedule-list-title">{t.dayList}</h3>
            {listed.length === 0 ? (
              <p className="empty">{t.noReservations}</p>
            ) : (
              <table data-testid="schedule-list">
                <thead>
                  <tr>
                    <th scope="col">{t.time}</th>
                    <th scope="col">{t.name}</th>
                    <th scope="col">{t.people}</th>
                    <th scope="col">{t.seats}</th>
                    <th scope="col">{t.status}</th>
                  </tr>
                </thead>
                <tbody>
                  {listed.map((r) => {
                    const overdue = blocks.some((b) => b.reservationId === r.id && b.overdue);
                    return (
                      <tr key={r.id} data-reservation-id={r.id} data-status={r.status ?? 'unset'} className={onGrid(r) ? '' : 'off-grid'}>
                        <td>{r.reservation_time.slice(0, 5)}</td>
                        <td>
                          <button type="button" className="link" onClick={() => setOpenId(r.id)}>
                            {r.origin === 'walk_in' ? t.walkIn : r.customer_name || t.noName}
                          </button>
                        </td>
                        <td>{t.peopleCount(r.people)}</td>
                        <td>{seatNames(r)}</td>
                        <td>
                          {statusLabels[r.status ?? 'unset']}
                          {r.email_confirm_status === '0' ? `（${t.unconfirmedMail}）` : ''}
                          {overdue ? ` ${t.overdue}` : ''}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      {openId && day ? (
        <DetailModal
          reservationId={openId}
          seats={day.seats}
          isAdmin={day.viewer_is_admin}
          version={version}
          onClose={() => setOpenId(null)}
          onChanged={() => void load()}
        />
      ) : null}
    </section>
  );
}
