import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { totalQuantity } from '#app/cart/cart';
import { cartActions, useCart } from '#app/cart/cart-store';
import { useFormat, useTexts } from '#app/i18n/language';
import { titleMeta } from '#app/layout/texts';
import type { Answer as MenuAnswer } from '#app/routes/api/orders/menu/route';
import { orderPath, orderQuery, RescanNotice } from '#app/table-order/guest-notices';
import { OrderMenu, type OrderMenuItem } from '#app/table-order/order-menu';
import { InviteFriend } from '#app/table-order/pass-qr';
import { tableCall } from '#app/table-order/table-call';
import { menuNameIn } from '#app/table-order/presentation';
import { localizedCheckoutTexts, localizedOrderTexts } from '#app/table-order/texts';
import { useGuestVisit } from '#app/table-order/use-visit';
import { GuestBar, guestFrameHandle } from '#app/table-order/guest-bar';
import tableOrderCss from '#app/table-order/table-order.css?url';

export const meta = titleMeta(localizedOrderTexts, (t) => t.menuTitle);
/** The guest's own frame: no public header (decision 281). */
export const handle = guestFrameHandle;
export const links = () => [{ rel: 'stylesheet', href: tableOrderCss }];

/**
 * /order/food?seat_id&reservation_id: the order menu by category for a checked-in phone. The menu
 * follows the stock live: an item that sells out leaves the screen. Without a visit on this phone
 * the guest is sent to check in first.
 */
export default function OrderFood() {
  const t = useTexts(localizedOrderTexts);
  const checkoutTexts = useTexts(localizedCheckoutTexts);
  const { language } = useFormat();
  const query = orderQuery(useLocation().search);
  const navigate = useNavigate();
  const cart = useCart();
  const [items, setItems] = useState<OrderMenuItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  const load = useCallback(async (storeId: string) => {
    const r = await tableCall<MenuAnswer>(`/api/orders/menu?store_id=${encodeURIComponent(storeId)}`);
    if (r.status === 200 && r.body.menus) {
      setItems(r.body.menus);
      setFailed(false);
    } else setFailed(true);
  }, []);

  const { visit, loaded, ended, callAnsweredAt, live } = useGuestVisit(query, (event) => {
    if ((event === 'stock-updated' || event === 'catalog-updated') && visit) void load(visit.storeId);
  });

  useEffect(() => {
    if (!loaded) return;
    if (!visit && !ended && query.seatId) void navigate(`/order/top?seat_id=${encodeURIComponent(query.seatId)}`, { replace: true });
    if (visit) void load(visit.storeId);
  }, [loaded, visit, ended, query.seatId, navigate, load]);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), 1_500);
    return () => clearTimeout(timer);
  }, [added]);

  const quantity = totalQuantity(cart);
  return (
    <article className="page order-page" data-testid="order-food" data-ready={visit && items ? 'true' : undefined} data-live={live.connected ? 'up' : 'down'}>
      {visit && !ended && <GuestBar visit={visit} callAnsweredAt={callAnsweredAt} />}
      <h1>{t.menuTitle}</h1>
      {visit && <p className="order-seat">{t.checkedIn(visit.seatName, visit.people)}</p>}
      {ended && <RescanNotice message={t.tokenInvalidated} seatId={query.seatId} />}
      {loaded && !visit && !ended && !query.seatId && <RescanNotice message={t.noSeat} seatId={null} />}
      {visit && !ended && (
        <>
          {items === null && !failed && <p aria-busy="true">{t.loading}</p>}
          {failed && (
            <p className="order-message error" role="alert">
              {checkoutTexts.cannotReach}{' '}
              <button type="button" className="button secondary" onClick={() => void load(visit.storeId)}>
                {t.retry}
              </button>
            </p>
          )}
          {items && (
            <OrderMenu
              items={items}
              onAdd={(item) => {
                cartActions.add({
                  menu_id: item.id,
                  name: item.name,
                  ...(item.name_en ? { name_en: item.name_en } : {}),
                  price: item.price_with_tax,
                  takeout_price: item.takeout_price_with_tax,
                });
                setAdded(menuNameIn(item, language));
              }}
            />
          )}
          {added && (
            <div className="toast" role="status">
              {t.added(added)}
            </div>
          )}
          <nav className="order-bar" aria-label={t.cartTitle}>
            <Link className="button" to={orderPath('/order', visit, '&show_cart=true')} data-testid="to-cart">
              {t.viewCart(quantity)}
            </Link>
            <Link className="button secondary" to={`/checkout?reservation_id=${visit.reservationId}`}>
              {t.toCheckout}
            </Link>
          </nav>
          <InviteFriend token={visit.token} />
        </>
      )}
    </article>
  );
}
