import { useState } from 'react';
import { Link } from 'react-router';
import { totalQuantity } from '#app/cart/cart';
import { useCart } from '#app/cart/cart-store';
import { staffFrameHandle } from '#app/areas/staff-frame';
import { useTexts } from '#app/i18n/language';
import { LanguageSwitch } from '#app/layout/language-switch';
import type { Answer as CallAnswer } from '#app/routes/api/orders/call-staff/route';
import { orderPath } from './guest-notices';
import { tableCall } from './table-call';
import { localizedGuestBarTexts } from './texts';
import type { Visit } from './visit-store';

/**
 * The table-ordering screens drop the public site's header and footer (decision 281):
 * a guest mid-order sees only their own navigation (GuestBar), never ログイン・予約する・アクセス.
 */
export const guestFrameHandle = staffFrameHandle;

/**
 * The guest's own navigation at the top of every table-ordering screen: menu, cart, bill and
 * 「スタッフを呼ぶ」 (decision 281), which reaches the floor view live; its answer there comes back
 * live (`callAnsweredAt`, from useGuestVisit) as 「スタッフがまいります。」.
 */
export function GuestBar({ visit, callAnsweredAt }: { visit: Visit; callAnsweredAt: string | null }) {
  const t = useTexts(localizedGuestBarTexts);
  const quantity = totalQuantity(useCart());
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  // Staff answered the call on the floor view: the guest is told they are coming (decision 352),
  // as the new answer is rendered.
  const [answered, setAnswered] = useState(callAnsweredAt);
  if (answered !== callAnsweredAt) {
    setAnswered(callAnsweredAt);
    if (callAnsweredAt) setState({ busy: false, message: t.callAnswered });
  }

  const call = async () => {
    setState({ busy: true, message: t.calling });
    const r = await tableCall<CallAnswer>('/api/orders/call-staff', { body: { token: visit.token } });
    setState({ busy: false, message: r.status === 200 ? t.called : (r.body.message ?? t.callFailed) });
  };

  return (
    <nav className="guest-bar" aria-label={t.guestNav}>
      <ul>
        <li>
          <Link to={orderPath('/order/food', visit)}>{t.navMenu}</Link>
        </li>
        <li>
          <Link to={orderPath('/order', visit, '&show_cart=true')}>
            {t.navCart}
            {quantity > 0 ? t.cartCount(quantity) : ''}
          </Link>
        </li>
        <li>
          <Link to={`/checkout?reservation_id=${visit.reservationId}`}>{t.navBill}</Link>
        </li>
        <li>
          <button type="button" className="guest-call" onClick={() => void call()} disabled={state.busy} data-testid="call-staff">
            {t.callStaff}
          </button>
        </li>
      </ul>
      <p className="guest-call-message" role="status" data-testid="call-staff-message">
        {state.message ?? ''}
      </p>
      <LanguageSwitch />
    </nav>
  );
}
