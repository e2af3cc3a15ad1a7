import { useEffect, useState } from 'react';
import { useTexts } from '#app/i18n/language';
import { Link, useSearchParams } from 'react-router';
import { callJson } from '#app/http/api-client';
import { titleMeta } from '#app/layout/texts';
import { DEFAULT_NOTICES, noticeTexts } from '#app/reservation/presentation';
import type { Answer as NoticesAnswer } from '#app/routes/api/admin/email-settings/notices/route';
import type { Answer as CheckAnswer } from '#app/routes/api/customer-cancel/check/route';
import type { Answer as ExecuteAnswer } from '#app/routes/api/customer-cancel/execute/route';
import { Notices, ReservationFacts } from '#app/reservation/confirmation-card';
import { localizedReservationTexts, reservationTexts, type ReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = titleMeta(localizedReservationTexts, (t) => t.cancelTitle);
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

type Shown = CheckAnswer['reservation'];
type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'shown'; reservation: Shown }
  | { kind: 'processing'; reservation: Shown }
  | { kind: 'done' };

/** The spec's execute-error rules (customer-site.md §8). */
export function executeErrorMessage(status: number, serverMessage: string | undefined, t: ReservationTexts = reservationTexts): string {
  if (serverMessage) return serverMessage;
  if (status === 400) return t.notCancellable;
  if (status === 404) return t.reservationNotFound;
  if (status === 401) return t.authError;
  return t.serverError;
}

/** /reservation/cancel?reservation_id&email: shows the reservation and cancels it after a confirmation. */
export default function CustomerCancel() {
  const t = useTexts(localizedReservationTexts);
  const [params] = useSearchParams();
  const reservationId = params.get('reservation_id');
  const email = params.get('email');
  const initial: State = !reservationId
    ? { kind: 'error', message: t.reservationIdMissing }
    : !email
      ? { kind: 'error', message: t.emailMissing }
      : { kind: 'loading' };
  const [state, setState] = useState<State>(initial);
  const [notices, setNotices] = useState<readonly string[]>(DEFAULT_NOTICES);
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (!reservationId || !email) return;
    void callJson<CheckAnswer>('/api/customer-cancel/check', {
      body: { reservation_id: reservationId, email },
    }).then((r) => {
      setState(r.ok ? { kind: 'shown', reservation: r.body.reservation } : { kind: 'error', message: r.message ?? r.body.message ?? t.reservationNotFound });
    });
    void callJson<NoticesAnswer>('/api/admin/email-settings/notices').then((r) => {
      // A failed or empty fetch falls back to the two default notices.
      setNotices(noticeTexts(r.ok ? r.body.notices : []));
    });
  }, [reservationId, email, t]);

  const cancel = async (reservation: Shown) => {
    if (!window.confirm(t.confirmCancel)) return;
    setState({ kind: 'processing', reservation });
    const r = await callJson<ExecuteAnswer>('/api/customer-cancel/execute', {
      body: { reservation_id: reservation.id, email, reason },
    });
    if (r.ok) setState({ kind: 'done' });
    else setState({ kind: 'error', message: r.message ?? executeErrorMessage(r.status, r.body.error, t) });
  };

  return (
    <article className="page rsv-page">
      <h1>{t.cancelTitle}</h1>
      {state.kind === 'loading' && <p role="status">{t.loading}</p>}
      {state.kind === 'error' && (
        <p className="rsv-message" role="alert" data-testid="cancel-error">
          {state.message}
        </p>
      )}
      {(state.kind === 'shown' || state.kind === 'processing') && (
        <section className="card rsv-card" data-testid="cancel-reservation" aria-busy={state.kind === 'processing'}>
          {/* A link opened again after cancelling says so plainly, with the way home (decision 104). */}
          {state.reservation.status === 'cancelled' && (
            <h2 className="rsv-state" data-testid="already-cancelled">
              {t.cancelledTitle}
            </h2>
          )}
          <ReservationFacts
            r={{
              storeName: state.reservation.store_name,
              reservationNumber: state.reservation.reservation_number,
              name: state.reservation.customer_name,
              date: state.reservation.date,
              time: state.reservation.time,
              people: state.reservation.people,
            }}
          />
          {state.reservation.status === 'cancelled' ? (
            <div className="rsv-actions">
              <Link to="/moncafe" className="button">
                {t.home}
              </Link>
              <Link to="/reservation" className="button secondary">
                {t.bookAgain}
              </Link>
            </div>
          ) : (
            <>
              <Notices notices={notices} />
              <label className="rsv-field">
                {t.cancelReason}
                <textarea value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
              </label>
              <div className="rsv-actions">
                <Link to="/moncafe" className="button secondary">
                  {t.keep}
                </Link>
                <button type="button" className="button" disabled={state.kind === 'processing'} onClick={() => void cancel(state.reservation)}>
                  {state.kind === 'processing' ? t.processing : t.doCancel}
                </button>
              </div>
              <p className="visually-hidden" role="status" data-testid="cancel-status">
                {state.kind === 'processing' ? t.processing : ''}
              </p>
            </>
          )}
        </section>
      )}
      {state.kind === 'done' && (
        <section className="card rsv-card" data-testid="cancel-done">
          <p role="status">{t.cancelled}</p>
          <Link to="/moncafe" className="button">
            {t.home}
          </Link>
        </section>
      )}
      {state.kind === 'error' && (
        <Link to="/moncafe" className="button">
          {t.home}
        </Link>
      )}
    </article>
  );
}
