import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cartActions, readCart, useCart, writeCart } from '#app/cart/cart-store';
import { useFormat, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import type { Answer as MenuAnswer } from '#app/routes/api/orders/menu/route';
import { orderPath, orderQuery, PendingOrderNotice, RescanNotice } from '#app/table-order/guest-notices';
import { CartPanel } from '#app/table-order/order-menu';
import { useOrderOutbox, type Delivery } from '#app/table-order/order-outbox';
import { TakeoutChoice } from '#app/table-order/takeout-choice';
import { tableCall } from '#app/table-order/table-call';
import { menuNameIn } from '#app/table-order/presentation';
import { localizedGuestMarks, localizedOrderTexts } from '#app/table-order/texts';
import { useGuestVisit } from '#app/table-order/use-visit';
import { GuestBar, guestFrameHandle } from '#app/table-order/guest-bar';
import tableOrderCss from '#app/table-order/table-order.css?url';

export const meta = titleMeta(localizedOrderTexts, (t) => t.orderTitle);
/** The guest's own frame: no public header (decision 281). */
export const handle = guestFrameHandle;
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/** Spec §2: the order's confirmation shows for 2 seconds, then checkout or more ordering. */
export const CONFIRMATION_MS = 2_000;

type Phase = 'cart' | 'sending' | 'pending' | 'confirmed' | 'choice' | 'rescan';

/**
 * /order?seat_id&reservation_id[&show_cart=true] (the footer's cart button): the cart and the
 * send. Lines the order page does not offer now are taken out, saying which. An order refused
 * for its token renews it once and retries, then asks for a rescan (spec §8); an order without an
 * answer stays in the phone's outbox and is sent again (with its key) until one comes, also after
 * a reload, so it is placed once (order-outbox.ts).
 */
export default function OrderCart() {
  const t = useTexts(localizedOrderTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language } = useFormat();
  const query = orderQuery(useLocation().search);
  const cart = useCart();
  const [phase, setPhase] = useState<Phase>('cart');
  const [message, setMessage] = useState<string | null>(null);
  const { visit, loaded, ended, update, end, callAnsweredAt } = useGuestVisit(query);

  // Lines that cannot be ordered here now (a reservation course, a sold-out item) leave the cart.
  // Checked once per visit: the send itself refuses anything that sold out since.
  const storeId = visit?.storeId ?? null;
  useEffect(() => {
    if (!storeId) return;
    void tableCall<MenuAnswer>(`/api/orders/menu?store_id=${encodeURIComponent(storeId)}`).then((r) => {
      if (r.status !== 200 || !r.body.menus) return;
      const offered = new Map(r.body.menus.map((m) => [m.id, m]));
      const current = readCart();
      const gone = current.filter((l) => !offered.has(l.menu_id));
      if (gone.length === 0) return;
      writeCart(current.filter((l) => offered.has(l.menu_id)));
      setMessage(t.removedFromCart(gone.map((l) => menuNameIn(l, language)).join(marks.list)));
    });
  }, [storeId, t, marks, language]);

  useEffect(() => {
    if (phase !== 'confirmed') return;
    const timer = setTimeout(() => setPhase('choice'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const settle = (outcome: Delivery) => {
    switch (outcome.kind) {
      case 'pending':
        // The notice says it waits; a server's own words (a 5xx) come with it.
        setMessage(outcome.message);
        setPhase('pending');
        return;
      case 'placed':
        cartActions.clear();
        setPhase('confirmed');
        return;
      case 'sold_out':
      case 'unknown_item': {
        const names = cart.filter((l) => outcome.menuIds.includes(l.menu_id)).map((l) => menuNameIn(l, language));
        writeCart(cart.filter((l) => !outcome.menuIds.includes(l.menu_id)));
        setMessage(t.soldOut(names.join(marks.list)));
        setPhase('cart');
        return;
      }
      case 'auth_failed':
        end();
        setPhase('rescan');
        return;
      case 'offline':
        setMessage(t.offline);
        setPhase('pending');
        return;
      case 'error':
        setMessage(outcome.message ?? t.orderFailed);
        setPhase('cart');
        return;
    }
  };
  const outbox = useOrderOutbox(visit, update, settle);

  const [takeout, setTakeout] = useState<Set<string>>(() => new Set());
  const send = () => {
    if (!visit) return;
    if (cart.length === 0) {
      window.alert(t.cartEmpty);
      return;
    }
    setPhase('sending');
    setMessage(null);
    outbox.send(cart.map((l) => ({ menu_id: l.menu_id, name: menuNameIn(l, language), quantity: l.quantity, takeout: takeout.has(l.menu_id) })));
  };

  const lines = useMemo(() => cart.map((l) => ({ ...l })), [cart]);
  return (
    <article className="page order-page" data-testid="order-cart" data-phase={phase} data-ready={loaded ? 'true' : undefined}>
      {visit && !ended && <GuestBar visit={visit} callAnsweredAt={callAnsweredAt} />}
      <h1>{t.orderTitle}</h1>
      {visit && <p className="order-seat">{t.checkedIn(visit.seatName, visit.people)}</p>}
      {phase === 'rescan' ? (
        <RescanNotice message={t.authFailed} seatId={query.seatId ?? visit?.seatId ?? null} />
      ) : ended ? (
        <RescanNotice message={t.tokenInvalidated} seatId={query.seatId ?? null} />
      ) : outbox.pending && phase !== 'sending' ? (
        <PendingOrderNotice order={outbox.pending} message={message} />
      ) : phase === 'confirmed' ? (
        <p className="order-confirmed" role="status" data-testid="order-confirmed">
          {t.ordered}
        </p>
      ) : phase === 'choice' && visit ? (
        <div className="order-choices" data-testid="order-choices">
          <p className="order-confirmed" role="status">
            {t.ordered}
          </p>
          <Link className="button" to={orderPath('/order/food', visit)}>
            {t.orderMore}
          </Link>
          <Link className="button secondary" to={`/checkout?reservation_id=${visit.reservationId}`}>
            {t.toCheckout}
          </Link>
        </div>
      ) : (
        <>
          {message && (
            <p className="order-message" role="alert" data-testid="order-message">
              {message}
            </p>
          )}
          <CartPanel
            lines={lines}
            takeout={takeout}
            onIncrease={(l) =>
              cartActions.add({
                menu_id: l.menu_id,
                name: l.name,
                ...(l.name_en ? { name_en: l.name_en } : {}),
                price: l.price,
                ...(l.takeout_price === undefined ? {} : { takeout_price: l.takeout_price }),
              })
            }
            onDecrease={(l) => cartActions.removeOne(l.menu_id)}
          >
            {visit && <TakeoutChoice lines={lines} takeout={takeout} onChange={setTakeout} />}
            {visit ? (
              <button type="button" className="button" onClick={send} disabled={phase === 'sending'} data-testid="place-order">
                {phase === 'sending' ? t.placing : t.placeOrder}
              </button>
            ) : (
              loaded && <RescanNotice message={t.noSeat} seatId={query.seatId} />
            )}
          </CartPanel>
          {visit && (
            <p>
              <Link to={orderPath('/order/food', visit)}>{t.backToMenu}</Link>
            </p>
          )}
        </>
      )}
    </article>
  );
}
