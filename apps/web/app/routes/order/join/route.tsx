import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '#app/i18n/language';
import { LanguageSwitch } from '#app/layout/language-switch';
import { titleMeta } from '#app/layout/texts';
import type { Answer as JoinAnswer } from '#app/routes/api/orders/join/route';
import { tableCall } from '#app/table-order/table-call';
import { localizedCheckoutTexts, localizedOrderTexts } from '#app/table-order/texts';
import { saveOpenedVisit } from '#app/table-order/visit-store';
import { guestFrameHandle } from '#app/table-order/guest-bar';
import tableOrderCss from '#app/table-order/table-order.css?url';

export const meta = titleMeta(localizedOrderTexts, (t) => t.joinTitle);
/** The guest's own frame: no public header (decision 281). */
export const handle = guestFrameHandle;
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/**
 * /order/join?pass (decisions 151, 152): the one-time QR staff show when seating a party, or a
 * friend's invite. The phone trades the pass for its table-order token (no seat code, no location
 * step) and goes to the menu; a used or expired pass says so.
 */
export default function OrderJoin() {
  const t = useTexts(localizedOrderTexts);
  const checkoutTexts = useTexts(localizedCheckoutTexts);
  const pass = useSearchParams()[0].get('pass');
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!pass) return setMessage(t.passInvalid);
    void (async () => {
      const r = await tableCall<JoinAnswer>('/api/orders/join', { body: { pass } });
      if (r.status === 200 && r.body.success) {
        saveOpenedVisit(r.body, { people: r.body.number_of_people ?? 1, position: null, seatCode: null });
        void navigate(`/order/food?seat_id=${encodeURIComponent(r.body.seat_id)}&reservation_id=${r.body.reservation_id}`, { replace: true });
        return;
      }
      setMessage(r.status === 0 ? checkoutTexts.cannotReach : (r.body.message ?? t.passInvalid));
    })();
  }, [pass, navigate, t, checkoutTexts]);

  return (
    <article className="page order-page" data-testid="order-join" data-ready={message ? 'true' : undefined}>
      <LanguageSwitch />
      <h1>{t.joinTitle}</h1>
      {message ? (
        <p className="order-message error" role="alert" data-testid="order-join-message">
          {message}
        </p>
      ) : (
        <p aria-busy="true">{t.joining}</p>
      )}
      <p>
        <Link to="/moncafe">{t.backHome}</Link>
      </p>
    </article>
  );
}
