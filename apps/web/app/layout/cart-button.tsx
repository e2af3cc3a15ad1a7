import { Link, useLocation } from 'react-router';
import { totalQuantity } from '#app/cart/cart';
import { useCart } from '#app/cart/cart-store';
import { useTexts } from '#app/i18n/language';
import { localizedLayoutTexts } from './texts';

/**
 * The footer's cart button: the table-order cart (QR ordering), outside /order paths, only when
 * it has items. The reservation's course cart is never counted here (decision 106).
 */
export function CartButton() {
  const cart = useCart();
  const layoutTexts = useTexts(localizedLayoutTexts);
  const { pathname } = useLocation();
  const quantity = totalQuantity(cart);
  if (quantity === 0 || isOrderPath(pathname)) return null;
  return (
    <Link to="/order?show_cart=true" className="cart-button" aria-label={layoutTexts.cartButtonLabel(quantity)} data-testid="cart-button">
      {layoutTexts.cartButton(quantity)}
    </Link>
  );
}

function isOrderPath(pathname: string): boolean {
  return pathname === '/order' || pathname.startsWith('/order/');
}
