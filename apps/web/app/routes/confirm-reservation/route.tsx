import { useEffect, useState } from 'react';
import { useTexts } from '#app/i18n/language';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pageTitle, titleMeta } from '#app/layout/texts';
import { MessageCard } from '#app/shared/message-card';
import { callJson } from '#app/http/api-client';
import type { Answer as ConfirmAnswer } from '#app/routes/api/reservation-confirmation/$token/route';
import type { Answer as CancelAnswer } from '#app/routes/api/reservation-confirmation/cancel/route';
import { Notices, ReservationFacts } from '#app/reservation/confirmation-card';
import { localizedReservationTexts, reservationTexts, type ReservationTexts } from '#app/reservation/texts';
import reservationCss from '#app/reservation/reservation.css?url';

export const meta = titleMeta(localizedReservationTexts, (t) => t.confirmPageTitle);

/** The tab's title for what the link turned out to be (decision 191: a bad link read ご予約が確定しました). */
const titleOf = (t: ReservationTexts): Record<State['kind'], string> => ({
  loading: t.confirmPageTitle,
  confirmed: t.confirmedTitle,
  cancelled: t.cancelledTitle,
  expired: t.expiredTitle,
  error: t.errorTitle,
});
export const links = () => [{ rel: 'stylesheet', href: reservationCss }];

/** The confirmed view (a link never confirmed answers one without the guest's name, e-mail and phone). */
type Confirmation = Extract<ConfirmAnswer['confirmation'], { name: string }>;
type State =
  { kind: 'loading' } | { kind: 'expired' } | { kind: 'cancelled' } | { kind: 'error'; message: string } | { kind: 'confirmed'; confirmation: Confirmation };

/** The spec's confirm-page error rules (customer-site.md §8), from the call's answer. */
export function confirmState(status: number, body: Partial<ConfirmAnswer> & { error?: string }, t: ReservationTexts = reservationTexts): State {
  if (status === 200 && body.success && body.confirmation && 'name' in body.confirmation) return { kind: 'confirmed', confirmation: body.confirmation };
  if (status === 400 && /期限|expired/i.test(body.error ?? '')) return { kind: 'expired' };
  // The reservation of this link was cancelled since: said as it is, not as an error (decision 104).
  if (status === 410) return { kind: 'cancelled' };
  if (status === 400) return { kind: 'error', message: body.error ?? t.fetchFailed };
  if (status === 404) return { kind: 'error', message: t.notFoundOrExpired };
  if (status === 500) return { kind: 'error', message: t.serverErrorLater };
  if (status === 0) return { kind: 'error', message: t.networkError };
  return { kind: 'error', message: t.fetchFailed };
}

/** /confirm-reservation?token= (also /reservation-confirm and /customer-confirm): opens the mail's link. */
export default function ConfirmReservation() {
  const t = useTexts(localizedReservationTexts);
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'error', message: t.invalidLink });
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const navigate = useNavigate();

  // Cancel from the confirmed card: asked first, then the link's own token cancels, and home
  // (customer-site.md §4); the cancellation mail tells the guest it is done.
  const cancel = async () => {
    if (!token || !window.confirm(t.confirmCancel)) return;
    setCancelling(true);
    setCancelError(null);
    const r = await callJson<CancelAnswer>('/api/reservation-confirmation/cancel', { body: { token } });
    if (r.ok) {
      void navigate('/moncafe');
      return;
    }
    setCancelling(false);
    setCancelError(r.message ?? r.body.error ?? t.serverError);
  };

  useEffect(() => {
    document.title = pageTitle(titleOf(t)[state.kind]);
  }, [state.kind, t]);

  useEffect(() => {
    if (!token) return;
    void callJson<ConfirmAnswer>(`/api/reservation-confirmation/${encodeURIComponent(token)}?confirm=true`, { noStore: true }).then((r) =>
      setState(confirmState(r.status, r.body, t)),
    );
  }, [token, t]);

  return (
    <article className="page rsv-page">
      {state.kind === 'loading' && <p role="status">{t.loading}</p>}
      {(state.kind === 'expired' || state.kind === 'error') && (
        <MessageCard
          alert
          className="card rsv-card"
          {...(state.kind === 'expired'
            ? { testId: 'confirm-expired', title: t.expiredTitle, body: t.expiredBody, link: { to: '/reservation', label: t.menuTitle } }
            : { testId: 'confirm-error', title: t.errorTitle, body: state.message, link: { to: '/moncafe', label: t.home } })}
        />
      )}
      {state.kind === 'cancelled' && (
        <MessageCard
          className="card rsv-card"
          testId="confirm-cancelled"
          title={t.cancelledTitle}
          body={t.cancelledBody}
          link={{ to: '/reservation', label: t.bookAgain }}
        >
          <Link to="/moncafe" className="button secondary rsv-home">
            {t.home}
          </Link>
        </MessageCard>
      )}
      {state.kind === 'confirmed' && (
        <section className="card rsv-card" data-testid="confirm-success">
          <h1>{t.confirmedTitle}</h1>
          <ReservationFacts
            r={{
              storeName: state.confirmation.data.store_name,
              reservationNumber: state.confirmation.data.reservation_number,
              name: state.confirmation.name,
              date: state.confirmation.data.date,
              time: state.confirmation.data.time,
              people: state.confirmation.data.people,
              menuName: state.confirmation.data.menu_name,
              menuPrice: state.confirmation.data.menu_price,
              remarks: state.confirmation.remarks,
            }}
          />
          {state.confirmation.data.menu_description && <p className="card-description">{state.confirmation.data.menu_description}</p>}
          {state.confirmation.detailLines.length > 0 && (
            <section aria-label={t.optionsLabel}>
              <h2>{t.optionsLabel}</h2>
              <dl data-testid="option-details">
                {state.confirmation.detailLines.map((d) => (
                  <div key={d.label}>
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
              {state.confirmation.images.map((image) => (
                <figure key={image.url} className="rsv-picture">
                  <img src={image.url} alt={image.label} width={200} height={200} data-testid="reservation-picture" />
                  <figcaption>{image.label}</figcaption>
                </figure>
              ))}
            </section>
          )}
          <Notices notices={state.confirmation.notices} />
          {cancelError && (
            <p className="rsv-message" role="alert" data-testid="confirm-cancel-error">
              {cancelError}
            </p>
          )}
          <div className="rsv-actions">
            <button type="button" className="button secondary" disabled={cancelling} aria-busy={cancelling} onClick={() => void cancel()}>
              {cancelling ? t.processing : t.cancelThisReservation}
            </button>
            <Link to="/moncafe" className="button">
              {t.home}
            </Link>
          </div>
        </section>
      )}
    </article>
  );
}
