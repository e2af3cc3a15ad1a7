import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '#app/layout/texts';
import { CheckoutView } from '#app/table-order/checkout-view';
import { orderPath, RescanNotice } from '#app/table-order/guest-notices';
import { checkoutTexts as t, orderTexts } from '#app/table-order/texts';
import { useGuestVisit } from '#app/table-order/use-visit';
import { clearVisit } from '#app/table-order/visit-store';
import tableOrderCss from '#app/table-order/table-order.css?url';

export const meta = () => [{ title: pageTitle(t.title) }];
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/** /checkout?reservation_id: the guest's own checkout with the phone's token; afterwards the token is gone. */
export default function Checkout() {
  const reservationId = new URLSearchParams(useLocation().search).get('reservation_id');
  const { visit, loaded, ended, end } = useGuestVisit({ seatId: null, reservationId });
  const refused = useCallback(() => end(), [end]);
  // Once paid here, the end of the visit is this checkout's own doing: its thanks stay on screen.
  const [paid, setPaid] = useState(false);
  return (
    <article className="page order-page" data-testid="checkout-page" data-ready={loaded ? 'true' : undefined}>
      <h1>{t.title}</h1>
      {ended && !paid ? (
        <RescanNotice message={orderTexts.tokenInvalidated} seatId={visit?.seatId ?? null} />
      ) : loaded && (!visit || !reservationId) ? (
        <RescanNotice message={orderTexts.authFailed} seatId={null} />
      ) : (
        visit &&
        reservationId && (
          <>
            <CheckoutView
              reservationId={reservationId}
              token={visit.token}
              staff={false}
              onDone={() => {
                setPaid(true);
                clearVisit();
              }}
              onRefused={refused}
            />
            <p>
              <Link to={orderPath('/order/food', visit)}>{orderTexts.backToMenu}</Link>
            </p>
          </>
        )
      )}
    </article>
  );
}
