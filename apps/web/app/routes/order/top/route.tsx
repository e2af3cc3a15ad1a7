import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/route';
import { useTexts } from '#app/i18n/language';
import { LanguageSwitch } from '#app/layout/language-switch';
import { titleMeta } from '#app/layout/texts';
import type { Answer as CheckInAnswer } from '#app/routes/api/orders/qr-checkin/route';
import { locate, type LocationFailure } from '#app/table-order/geolocation';
import { orderPlace } from '#app/table-order/order-place.server';
import { tableCall } from '#app/table-order/table-call';
import { checkInAnswered, checkInAttempt } from '#app/table-order/check-in-retry';
import { unanswered } from '#app/shared/outbox';
import { localizedCheckoutTexts, localizedOrderTexts } from '#app/table-order/texts';
import { readVisit, saveOpenedVisit } from '#app/table-order/visit-store';
import { guestFrameHandle } from '#app/table-order/guest-bar';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { PageForm } from '#app/shared/fields';
import { useHydrated } from '#app/shared/hydrated';

export const meta = titleMeta(localizedOrderTexts, (t) => t.checkInTitle);
/** The guest's own frame: no public header (decision 281). */
export const handle = guestFrameHandle;
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return orderPlace(new URL(request.url), context);
}

/** Spec §5: after the 'closed' message, home after 1.5 s. */
const CLOSED_REDIRECT_MS = 1_500;
const PEOPLE = [1, 2, 3, 4, 5, 6, 7, 8];

const failureKey = {
  denied: 'locationDenied',
  unavailable: 'locationUnavailable',
  timeout: 'locationTimeout',
  unsupported: 'locationUnsupported',
} as const satisfies Record<LocationFailure, string>;

/**
 * /order/top?seat_id (the seat's QR code): the spec's first steps — business hours, people (1–8),
 * location consent, check-in — then the menu. The position goes to the server, which decides the
 * geofence; without one, only staff's waiver lets the phone through.
 */
export default function OrderTop({ loaderData }: Route.ComponentProps) {
  const { seat, store, open } = loaderData;
  const t = useTexts(localizedOrderTexts);
  const checkoutTexts = useTexts(localizedCheckoutTexts);
  const navigate = useNavigate();
  const [people, setPeople] = useState(2);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const ready = useHydrated();
  // The seat's code from its printed QR (decision 150); a booked seat asks for the reservation number (decision 152).
  const seatCode = useSearchParams()[0].get('code');
  const [askNumber, setAskNumber] = useState(false);
  const [reservationNumber, setReservationNumber] = useState('');

  const toMenu = useCallback(
    (seatId: string, reservationId: string) => navigate(`/order/food?seat_id=${encodeURIComponent(seatId)}&reservation_id=${reservationId}`),
    [navigate],
  );

  useEffect(() => {
    if (!open) {
      const timer = setTimeout(() => void navigate('/moncafe'), CLOSED_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    // This phone checked in here already: straight to the menu.
    const visit = readVisit();
    if (seat && visit?.seatId === seat.id && (visit.validUntil === null || Date.parse(visit.validUntil) > Date.now()))
      void toMenu(seat.id, visit.reservationId);
    return undefined;
  }, [open, seat, navigate, toMenu]);

  const checkIn = async () => {
    if (!seat || !store) return;
    setBusy(true);
    setMessage(null);
    const located = await locate();
    const position = located.ok ? { lat: located.lat, lng: located.lng, accuracy: located.accuracy } : { skip_location_check: true };
    const proof = { seat_code: seatCode ?? '', ...(askNumber && reservationNumber.trim() ? { reservation_number: reservationNumber.trim() } : {}) };
    // A check-in whose answer was lost is sent again as it was, with its key (decision 261).
    const attempt = checkInAttempt({ seat_id: seat.id, number_of_people: people, ...proof }, position);
    const r = await tableCall<CheckInAnswer>('/api/orders/qr-checkin', { body: attempt.body, idempotencyKey: attempt.key });
    if (!unanswered(r.status)) checkInAnswered();
    setBusy(false);
    if (r.status === 200 && r.body.success) {
      saveOpenedVisit(r.body, {
        people,
        position: located.ok ? { lat: located.lat, lng: located.lng, accuracy: located.accuracy, at: Date.now() } : null,
        seatCode,
      });
      void toMenu(r.body.seat_id, r.body.reservation_id);
      return;
    }
    if (r.status === 0) return setMessage(checkoutTexts.cannotReach);
    const error = r.body.error;
    if (error === 'outside_geofence') {
      // Spec §8: the message, then back home.
      window.alert(t.outsideGeofence);
      void navigate('/moncafe');
      return;
    }
    if (error === 'location_required') return setMessage(located.ok ? t.locationRequired : t[failureKey[located.failure]]);
    if (error === 'store_closed') return setMessage(t.closed);
    if (error === 'reservation_number_required' || error === 'wrong_reservation_number') setAskNumber(true);
    setMessage(r.body.message ?? r.body.error ?? checkoutTexts.cannotReach);
  };

  return (
    <article className="page order-page" data-ready={ready ? 'true' : undefined} data-testid="order-top">
      <LanguageSwitch />
      <h1>{t.checkInTitle}</h1>
      {store && seat && <p className="order-seat">{t.storeAndSeat(store.name, seat.name)}</p>}
      {!seat || !store ? (
        <p className="order-message error" role="alert">
          {t.noSeat}
        </p>
      ) : !open ? (
        <p className="order-message" role="alert" data-testid="closed">
          {t.closed}
        </p>
      ) : (
        <PageForm className="panel" onSubmit={() => void checkIn()}>
          <label className="field">
            {t.people}
            <select className="people-select" value={people} onChange={(e) => setPeople(Number(e.target.value))} data-testid="people">
              {PEOPLE.map((n) => (
                <option key={n} value={n}>
                  {t.peopleOption(n)}
                </option>
              ))}
            </select>
          </label>
          {askNumber && (
            <label className="field">
              {t.reservationNumber}
              <input
                name="reservation_number"
                className="reservation-number-input"
                value={reservationNumber}
                onChange={(e) => setReservationNumber(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="MC-1234-AB"
                aria-describedby="reservation-number-hint"
                required
                data-testid="reservation-number"
              />
              <small id="reservation-number-hint">{t.reservationNumberHint}</small>
            </label>
          )}
          <p>{store.hasLocation ? t.locationIntro : t.locationNotSet}</p>
          <button type="submit" className="button" disabled={busy || !ready}>
            {busy ? t.checkingIn : askNumber ? t.checkInWithNumber : t.checkIn}
          </button>
          {message && (
            <p className="order-message error" role="alert" data-testid="order-top-message">
              {message}
            </p>
          )}
        </PageForm>
      )}
      <p>
        <Link to="/moncafe">{t.backHome}</Link>
      </p>
    </article>
  );
}
