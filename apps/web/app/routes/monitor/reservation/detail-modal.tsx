import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { HistoryEntry, Placement } from '@moncafe/domain/reservation/history';
import type { FloorStatus } from '@moncafe/domain/reservation/events';
import { callJson } from '#app/http/api-client';
import type { Answer as DetailAnswer } from '#app/routes/api/admin/reservations/$id/route';
import type { Answer as GrantAnswer } from '#app/routes/api/admin/reservations/$id/grant-token/route';
import type { ScheduleSeat } from '#app/routes/api/admin/reservations/status/route';
import { clockTime } from '#app/table-order/presentation';
import { formatYen } from '#app/shared/yen';
import { historyTexts as h, paymentLabels, scheduleTexts as t, statusLabels } from '#app/schedule/texts';
import { InputField } from '#app/shared/fields';
import { AskDialog } from '#app/staff-area/components';
import { LoadState } from './load-state';

type Detail = Extract<DetailAnswer, { success: true }>;
const STATUSES: (FloorStatus | 'unset')[] = ['web', 'guest', 'confirmed', 'exited', 'cancelled', 'no_show', 'unset'];

/** Statuses after which nothing more happens at the table (a no-show is taken back only by an admin, decision 156). */
const isEnded = (status: string | null) => status === 'exited' || status === 'cancelled' || status === 'no_show';

/** '12/01 12:00' in Tokyo time. */
function when(iso: string): string {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: '2-digit', day: '2-digit' }).format(d);
  return `${date} ${clockTime(iso)}`;
}

export interface UpdateFailure {
  message: string;
  code: string;
}

/** The failure words of a refused update: 「更新に失敗しました」 with the server's details and code (spec §8). */
export function failureOf(
  body: { message?: string | undefined; details?: unknown; code?: unknown; error?: string | undefined },
  status: number,
): UpdateFailure {
  const details = typeof body.details === 'string' ? body.details : (body.message ?? body.error ?? '');
  const code = typeof body.code === 'string' ? body.code : (body.error ?? String(status));
  return { message: details, code };
}

export function DetailModal(props: {
  reservationId: string;
  seats: readonly ScheduleSeat[];
  isAdmin: boolean;
  /** Bumped when the live feed says something changed: the open detail reloads too. */
  version: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { reservationId, seats, isAdmin, version, onClose, onChanged } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [failure, setFailure] = useState<UpdateFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const r = await callJson<DetailAnswer>(`/api/admin/reservations/${reservationId}`, { noStore: true });
    if (r.ok && r.body.success) {
      setDetail(r.body);
      setLoadError(false);
    } else setLoadError(true);
  }, [reservationId]);

  useEffect(() => {
    void load();
  }, [load, version]);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  const [reason, setReason] = useState('');
  /** A no-show asked in the product's own dialog (focus kept inside it, returned to the button after). */
  const [askingNoShow, setAskingNoShow] = useState(false);
  const noShowButton = useFocusBack(askingNoShow);

  const send = async (path: string, body: Record<string, unknown>, done: string) => {
    setSaving(true);
    setFailure(null);
    setNotice(null);
    const r = await callJson<{ success: true }>(path, { body });
    setSaving(false);
    if (r.ok) {
      setNotice(done);
      onChanged();
      await load();
    } else {
      setFailure(failureOf(r.body as Record<string, string | undefined>, r.status));
      await load();
    }
  };

  const update = (body: Record<string, unknown>, done: string) => send('/api/admin/reservations/update', body, done);

  const grant = async () => {
    setFailure(null);
    const r = await callJson<GrantAnswer>(`/api/admin/reservations/${reservationId}/grant-token`, { body: { minutes: 15 } });
    if (r.ok && r.body.until) {
      setNotice(t.granted(clockTime(r.body.until)));
      await load();
    } else if (!r.ok) setFailure({ message: r.body.error ?? t.grantFailed, code: String(r.status) });
  };

  const reservation = detail?.reservation;
  const seatName = (id: string) => detail?.seat_names[id] ?? seats.find((s) => s.id === id)?.name ?? id;
  const actorName = (actor: string) => (actor === 'customer' ? t.customerActor : actor === 'system' ? t.systemActor : (detail?.actors[actor] ?? t.staffActor));
  const place = (p: Placement) => `${p.date.slice(5).replace('-', '/')} ${p.time} ${p.seatIds.map(seatName).join('・')} ${t.peopleCount(p.people)}`;

  return (
    <dialog ref={dialog} className="schedule-detail" aria-labelledby="schedule-detail-title" data-testid="schedule-detail" onClose={onClose}>
      <header>
        <h2 id="schedule-detail-title">{t.detailTitle}</h2>
        <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
          {t.close}
        </button>
      </header>
      {loadError || !reservation ? (
        <LoadState failed={loadError} onRetry={() => void load()} />
      ) : (
        <>
          <dl className="schedule-detail-fields">
            {reservation.reservation_number ? (
              <>
                <dt>{t.number}</dt>
                <dd>{reservation.reservation_number}</dd>
              </>
            ) : null}
            <dt>{t.name}</dt>
            <dd data-testid="detail-name">{reservation.origin === 'walk_in' ? t.walkIn : reservation.customer_name || t.noName}</dd>
            {reservation.phone ? (
              <>
                <dt>{t.phone}</dt>
                <dd>{reservation.phone}</dd>
              </>
            ) : null}
            {reservation.remarks ? (
              <>
                <dt>{t.remarks}</dt>
                <dd data-testid="detail-remarks">{reservation.remarks}</dd>
              </>
            ) : null}
            {reservation.email ? (
              <>
                <dt>{t.email}</dt>
                <dd>{reservation.email}</dd>
              </>
            ) : null}
            <dt>{t.time}</dt>
            <dd data-testid="detail-time">
              {reservation.reservation_date} {reservation.reservation_time}
            </dd>
            <dt>{t.people}</dt>
            <dd>{t.peopleCount(reservation.people)}</dd>
            <dt>{t.seats}</dt>
            <dd data-testid="detail-seats">{reservation.seat_names.join('・')}</dd>
            <dt>{t.status}</dt>
            <dd data-testid="detail-status">
              {statusLabels[reservation.status ?? 'unset']}
              {reservation.email_confirm_status === '0' ? `（${t.unconfirmedMail}）` : ''}
            </dd>
            {reservation.lines.length > 0 ? (
              <>
                <dt>{t.course}</dt>
                <dd>
                  <ul>
                    {reservation.lines.map((l) => (
                      <li key={l.menuId}>
                        {l.name} × {l.quantity}（{formatYen(l.price)}）
                      </li>
                    ))}
                  </ul>
                  {t.price}: {formatYen(reservation.price)}
                </dd>
              </>
            ) : null}
            {reservation.options.length > 0 ? (
              <>
                <dt>{t.options}</dt>
                <dd>
                  <ul className="schedule-options">
                    {reservation.options.map((o) => (
                      <li key={o.optionId}>
                        <span>{o.label ?? o.optionId}: </span>
                        {o.values.map((v, i) =>
                          v.kind === 'image' ? (
                            v.imageId ? (
                              <img key={i} src={`/api/reservation-images/${v.imageId}`} alt={t.pictureAlt(o.label ?? o.optionId)} width={120} />
                            ) : (
                              <span key={i}>{t.pictureMissing}</span>
                            )
                          ) : (
                            <span key={i}>{v.kind === 'choice' ? v.label : v.text} </span>
                          ),
                        )}
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
          </dl>

          {failure ? (
            <p role="alert" className="error" data-testid="detail-failure">
              {t.updateFailed}: {t.failureDetail(failure.message, failure.code)}
            </p>
          ) : null}
          {notice ? (
            <p role="status" data-testid="detail-notice">
              {notice}
            </p>
          ) : null}

          <div className="schedule-detail-actions">
            {isAdmin ? (
              <label className="field">
                {t.setStatus}
                <select
                  data-testid="detail-status-select"
                  value={reservation.status ?? 'unset'}
                  disabled={saving}
                  onChange={(e) => {
                    const value = e.target.value as FloorStatus | 'unset';
                    void update({ id: reservation.id, status: value === 'unset' ? null : value }, t.statusSaved);
                  }}
                >
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {statusLabels[s]}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <button type="button" className="button" onClick={() => void grant()} disabled={isEnded(reservation.status)}>
              {t.grant}
            </button>
            {reservation.origin !== 'walk_in' && reservation.seated_at === null && !isEnded(reservation.status) ? (
              <button
                ref={noShowButton}
                type="button"
                className="button secondary danger"
                data-testid="detail-no-show"
                disabled={saving}
                onClick={() => setAskingNoShow(true)}
              >
                {t.noShow}
              </button>
            ) : null}
            {askingNoShow ? (
              <AskDialog
                title={t.noShowTitle}
                body={<p>{t.confirmNoShow(reservation.customer_name || t.noName)}</p>}
                confirmLabel={t.noShow}
                cancelLabel={t.confirmNo}
                danger
                onConfirm={() => {
                  setAskingNoShow(false);
                  void send(`/api/admin/reservations/${reservation.id}/no-show`, {}, t.noShowSaved);
                }}
                onCancel={() => setAskingNoShow(false)}
              />
            ) : null}
            {!isEnded(reservation.status) && reservation.seated_at !== null ? (
              <Link className="button secondary" to={`/monitor/checkout?reservation_id=${reservation.id}`}>
                {t.checkout}
              </Link>
            ) : null}
          </div>

          {isAdmin && reservation.status === 'no_show' ? (
            <form
              className="schedule-move-form"
              aria-label={t.revertNoShow}
              data-testid="detail-revert-no-show"
              onSubmit={(e) => {
                e.preventDefault();
                if (!reason.trim()) {
                  setFailure({ message: t.revertReasonRequired, code: 'reason' });
                  return;
                }
                void send(`/api/admin/reservations/${reservation.id}/revert-no-show`, { reason: reason.trim() }, t.noShowReverted).then(() => setReason(''));
              }}
            >
              <InputField label={t.revertReason} type="text" value={reason} maxLength={500} required onValue={setReason} />
              <button type="submit" className="button" disabled={saving}>
                {t.revertNoShow}
              </button>
            </form>
          ) : null}

          <MoveForm
            key={`${reservation.reservation_date}|${reservation.reservation_time}|${reservation.seat_ids.join()}|${reservation.people}`}
            reservation={reservation}
            seats={seats}
            saving={saving}
            onSubmit={(body) => void update(body, t.moved)}
          />

          <section aria-labelledby="schedule-history-title">
            <h3 id="schedule-history-title">{t.history}</h3>
            {detail.history.length === 0 ? (
              <p>{t.noHistory}</p>
            ) : (
              <ol className="schedule-history" data-testid="detail-history">
                {detail.history.map((e, i) => (
                  <li key={i} data-kind={e.kind}>
                    <time dateTime={e.at}>{when(e.at)}</time> <span className="who">{actorName(e.actor)}</span> <span>{historyLine(e, place)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </dialog>
  );
}

function historyLine(e: HistoryEntry, place: (p: Placement) => string): string {
  switch (e.kind) {
    case 'created':
      return e.origin === 'walk_in' ? h.createdWalkIn(place(e.to)) : h.created(place(e.to));
    case 'confirmed':
      return h.confirmed;
    case 'moved':
      return h.moved(place(e.from), place(e.to));
    case 'status':
      return h.status(statusLabels[e.from ?? 'unset'], statusLabels[e.to ?? 'unset']);
    case 'checked_in':
      return h.checkedIn(place({ date: '', time: '', seatIds: [e.seatId], people: e.people }).trim(), e.people);
    case 'location_waived':
      return h.waived(e.minutes);
    case 'checked_out':
      return h.checkedOut(e.payment ? paymentLabels[e.payment] : null, e.minutes);
    case 'cancelled':
      return h.cancelled(e.by === 'customer' ? h.byCustomer : h.byStaff, e.reason);
    case 'no_show':
      return h.noShow;
    case 'no_show_reverted':
      return h.noShowReverted(e.reason);
    case 'merged':
      return e.undone ? h.mergeUndone : e.role === 'host' ? h.mergedHost : h.mergedJoined;
    case 'course_changed':
      return h.courseChanged(e.from, e.to, e.reason);
  }
}

/**
 * After a question (AskDialog) closes, the focus goes back to the button that asked it: the
 * detail behind a modal question is inert until the question has left the page.
 */
function useFocusBack(open: boolean) {
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open]);
  return opener;
}

/** Seats, time and party size by form (the keyboard's and the tablet's other road to a move). */
function MoveForm(props: {
  reservation: Detail['reservation'];
  seats: readonly ScheduleSeat[];
  saving: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const { reservation, seats, saving, onSubmit } = props;
  const [date, setDate] = useState(reservation.reservation_date);
  const [time, setTime] = useState(reservation.reservation_time.slice(0, 5));
  const [seatId, setSeatId] = useState(reservation.seat_ids[0] ?? '');
  const [people, setPeople] = useState(reservation.people);
  /** The move asked in the product's own dialog before it is sent. */
  const [asking, setAsking] = useState(false);
  const submit = useFocusBack(asking);
  const headingId = useId();
  if (isEnded(reservation.status)) return null;
  const seatIds = reservation.seat_ids.length > 1 && reservation.seat_ids.includes(seatId) ? reservation.seat_ids : [seatId];
  const from = `${reservation.reservation_date} ${reservation.reservation_time.slice(0, 5)}`;
  const to = `${date} ${time} ${seatIds.map((s) => seats.find((x) => x.id === s)?.name ?? s).join('・')}`;
  return (
    <>
      <form
        className="schedule-move-form"
        aria-labelledby={headingId}
        onSubmit={(e) => {
          e.preventDefault();
          setAsking(true);
        }}
      >
        <h3 id={headingId}>{t.moveDay}</h3>
        <InputField label={t.moveDate} type="date" value={date} onValue={setDate} required data-testid="move-date" />
        <InputField label={t.moveTime} type="time" step={300} value={time} onValue={setTime} required data-testid="move-time" />
        <label className="field">
          {t.moveSeat}
          <select value={seatId} onChange={(e) => setSeatId(e.target.value)} data-testid="move-seat">
            {seats.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}（{t.capacity(s.max_people)}）
              </option>
            ))}
          </select>
        </label>
        <InputField
          label={t.movePeople}
          type="number"
          min={1}
          max={50}
          value={people}
          onValue={(value) => setPeople(Number(value))}
          data-testid="move-people"
        />
        <button ref={submit} type="submit" className="button" disabled={saving}>
          {t.moveSubmit}
        </button>
      </form>
      {/* Beside the form, not in it: the question has a form of its own. */}
      {asking ? (
        <AskDialog
          title={t.moveTitle}
          body={<p className="schedule-ask-lines">{t.confirmMove(reservation.customer_name || t.walkIn, from, to)}</p>}
          confirmLabel={t.confirmYes}
          cancelLabel={t.confirmNo}
          onConfirm={() => {
            setAsking(false);
            onSubmit({
              id: reservation.id,
              seat_ids: seatIds,
              reservation_time: time,
              ...(date !== reservation.reservation_date ? { reservation_date: date } : {}),
              people,
              expected: { seat_ids: reservation.seat_ids, reservation_time: reservation.reservation_time.slice(0, 5) },
            });
          }}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
