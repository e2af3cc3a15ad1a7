import { Link } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { localizedOrderTexts } from './texts';

/** The end of a visit on this phone (spec §4, §8): the token is dead, the guest scans the seat's QR code again. */
export function RescanNotice({ message, seatId }: { message: string; seatId: string | null }) {
  const t = useTexts(localizedOrderTexts);
  return (
    <div className="order-message error" role="alert" data-testid="rescan">
      <p>{message}</p>
      {seatId && (
        <Link className="button" to={`/order/top?seat_id=${encodeURIComponent(seatId)}`}>
          {t.rescan}
        </Link>
      )}
    </div>
  );
}

/** Query values of the order pages. */
export function orderQuery(search: string) {
  const params = new URLSearchParams(search);
  return { seatId: params.get('seat_id'), reservationId: params.get('reservation_id'), showCart: params.get('show_cart') === 'true' };
}

export function orderPath(path: '/order' | '/order/food', visit: { seatId: string; reservationId: string }, extra = '') {
  return `${path}?seat_id=${encodeURIComponent(visit.seatId)}&reservation_id=${visit.reservationId}${extra}`;
}

/** A list that could not be read, with the way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTexts(localizedOrderTexts);
  return (
    <p className="load-error" role="alert">
      {message}{' '}
      <button type="button" className="button secondary" onClick={onRetry}>
        {t.retry}
      </button>
    </p>
  );
}

/** An order sent without an answer yet (order-outbox.ts): what it holds, and that it is sent again by itself. */
export function PendingOrderNotice({ order, message }: { order: { data: { items: readonly { name: string; quantity: number }[] } }; message: string | null }) {
  const t = useTexts(localizedOrderTexts);
  return (
    <section className="order-message" role="status" aria-live="polite" data-testid="order-pending">
      {message && <p>{message}</p>}
      <p>{t.orderPending}</p>
      <ul>
        {order.data.items.map((item) => (
          <li key={item.name}>{t.pendingLine(item.name, item.quantity)}</li>
        ))}
      </ul>
    </section>
  );
}
