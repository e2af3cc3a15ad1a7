import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { cartActions, readCart } from '#app/cart/cart-store';
import { clearDraft, readDraft } from './draft';
import { check, readSession, SESSION_CHECK_MS, writeSession } from './session';
import { reservationTexts } from './texts';

/** Ends the reservation: cart, session and draft, and gives the held seats back. */
export function endReservation(): void {
  const { date } = readDraft();
  if (date)
    void fetch('/api/customery-day/release-seat', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ date }),
      keepalive: true,
    }).catch(() => {});
  cartActions.clear();
  writeSession(null);
  clearDraft();
}

/**
 * True when the browser loaded this step's document itself (a reload, a return from another
 * site, a typed address) rather than reaching it inside the app: the document's navigation entry
 * is still this very address.
 */
function loadedDirectly(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry !== undefined && entry.name === window.location.href;
}

/**
 * Guards a step of the flow: reloading or coming back to it while a session exists sends the
 * browser to '/' (customer-site.md §4); the session is checked every 30 seconds and, once
 * expired, the spec's alert is shown and the browser returns to '/'. An empty cart goes back to
 * the course list.
 */
export function useReservationSession(options: { requireCart?: boolean } = {}): void {
  const navigate = useNavigate();
  const requireCart = options.requireCart ?? true;
  useEffect(() => {
    const session = readSession();
    if (session && loadedDirectly()) {
      endReservation();
      window.location.replace('/');
      return;
    }
    if (requireCart && readCart().length === 0) {
      void navigate('/reservation', { replace: true });
      return;
    }
    const tick = () => {
      const current = readSession();
      if (!current) return;
      const result = check(current, Date.now());
      if (!result.expired) {
        writeSession(result.session);
        return;
      }
      endReservation();
      window.alert(reservationTexts.sessionTimeout);
      window.location.assign('/');
    };
    tick();
    const timer = window.setInterval(tick, SESSION_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [navigate, requireCart]);
}
