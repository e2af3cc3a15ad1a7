import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearDraft, readDraft } from './draft';
import { reservationCart } from './reservation-cart';
import { check, isExpired, readSession, SESSION_CHECK_MS, writeSession } from './session';
import { documentLanguage, textsIn } from '#app/i18n/language';
import { localizedReservationTexts } from './texts';

/** Ends the reservation: cart, session and draft, and gives the held seats back. */
export function endReservation(): void {
  const { date, storeId } = readDraft();
  if (date)
    void fetch('/api/customery-day/release-seat', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(storeId ? { date, store_id: storeId } : { date }),
      keepalive: true,
    }).catch(() => {});
  reservationCart.actions.clear();
  writeSession(null);
  clearDraft();
}

/**
 * The session ran out: the spec's alert, everything of the booking cleared, and back to the top
 * (customer-site.md §4). Called by the 30-second check and by the countdown reaching 0:00,
 * whichever comes first; the second finds no session and does nothing.
 */
export function expireReservation(): void {
  if (!readSession()) return;
  endReservation();
  window.alert(textsIn(localizedReservationTexts, documentLanguage()).sessionTimeout);
  window.location.assign('/');
}

/**
 * Guards a step of the flow. Within its 5 minutes the booking survives a reload, the browser's
 * back button and a visit to another page: the cart, the draft and the time left stay
 * (decision 101; the spec sent a reload to '/', which lost the guest's input). Once expired, the
 * spec's alert and a return to '/'. An empty cart, or a cart whose session is gone, goes back to
 * the course list.
 */
export function useReservationSession(options: { requireCart?: boolean } = {}): void {
  const navigate = useNavigate();
  const requireCart = options.requireCart ?? true;
  useEffect(() => {
    const session = readSession();
    if (session && isExpired(session, Date.now())) {
      expireReservation();
      return;
    }
    if (requireCart && (reservationCart.read().length === 0 || !session)) {
      if (!session) endReservation();
      void navigate('/reservation', { replace: true });
      return;
    }
    const tick = () => {
      const current = readSession();
      if (!current) return;
      const result = check(current, Date.now());
      if (result.expired) expireReservation();
      else writeSession(result.session);
    };
    tick();
    const timer = window.setInterval(tick, SESSION_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [navigate, requireCart]);
}
