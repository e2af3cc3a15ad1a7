import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useFormat, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import { CheckoutView, ReceiptLinks } from '#app/table-order/checkout-view';
import type { CheckoutDone } from '#app/table-order/paid';
import { PartsPaid } from '#app/table-order/parts-paid';
import { orderPath, RescanNotice } from '#app/table-order/guest-notices';
import { localizedCheckoutTexts, localizedGuestBillTexts, localizedOrderTexts } from '#app/table-order/texts';
import { useGuestVisit } from '#app/table-order/use-visit';
import { clearVisit } from '#app/table-order/visit-store';
import tableOrderCss from '#app/table-order/table-order.css?url';
import { GuestBar, guestFrameHandle } from '#app/table-order/guest-bar';

export const meta = titleMeta(localizedCheckoutTexts, (t) => t.title);
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];
/** The guest-only frame: no public header before or after paying (decision 281). */
export const handle = guestFrameHandle;

/**
 * /checkout?reservation_id: the guest's own checkout with the phone's token; afterwards the token
 * is gone and the thank-you stays: the amount, the payment method and the receipt links
 * (decision 240). Without a reservation_id it says where the checkout is opened from.
 */
export default function Checkout() {
  const t = useTexts(localizedCheckoutTexts);
  const orderTexts = useTexts(localizedOrderTexts);
  const b = useTexts(localizedGuestBillTexts);
  const { yen } = useFormat();
  const reservationId = new URLSearchParams(useLocation().search).get('reservation_id');
  const { visit, loaded, ended, end, callAnsweredAt } = useGuestVisit({ seatId: null, reservationId });
  const refused = useCallback(() => end(), [end]);
  // Once paid here, the end of the visit is this checkout's own doing: its thanks stay on screen.
  const [paid, setPaid] = useState<CheckoutDone | null>(null);
  return (
    <article className="page order-page" data-testid="checkout-page" data-ready={loaded ? 'true' : undefined}>
      {visit && !ended && !paid && <GuestBar visit={visit} callAnsweredAt={callAnsweredAt} />}
      <h1>{paid ? b.thanksTitle : t.title}</h1>
      {paid ? (
        <section className="thank-you" data-testid="thank-you" role="status">
          <p>{b.thanks}</p>
          <dl>
            <dt>{b.paidAmount}</dt>
            <dd data-testid="thank-you-amount">{yen(paid.total)}</dd>
            <dt>{b.paidMethod}</dt>
            <dd data-testid="thank-you-method">{b.methods[paid.method]}</dd>
          </dl>
          {paid.parts && <PartsPaid parts={paid.parts} />}
          <ReceiptLinks receipts={paid.receipts} />
        </section>
      ) : !reservationId ? (
        <div className="order-message" data-testid="checkout-no-reservation">
          <p>{b.noReservation}</p>
          <Link className="button secondary" to="/menu">
            {b.noReservationMenu}
          </Link>
        </div>
      ) : ended ? (
        <RescanNotice message={orderTexts.tokenInvalidated} seatId={visit?.seatId ?? null} />
      ) : loaded && !visit ? (
        <RescanNotice message={orderTexts.authFailed} seatId={null} />
      ) : (
        visit && (
          <>
            <CheckoutView
              reservationId={reservationId}
              token={visit.token}
              staff={false}
              onDone={(done) => {
                setPaid(done);
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
