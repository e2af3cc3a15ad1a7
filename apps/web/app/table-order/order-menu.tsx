import { useState, type ReactNode } from 'react';
import type { MenuCategory } from '@moncafe/domain/catalog/kinds';
import type { Answer as OrderMenuAnswer } from '#app/routes/api/orders/menu/route';
import { OptionalImage } from '#app/layout/optional-image';
import { useFormat, useTexts } from '#app/i18n/language';
import { menuNameIn } from './presentation';
import { PriceTag } from '#app/shared/price-tag';
import { localizedGuestMarks, localizedOrderTexts } from './texts';

/**
 * An item of the order menu: the guests' call's (whether few are left, never how many, decision
 * 534), or staff's, whose read models' items carry the count itself.
 */
export type OrderMenuItem = Omit<OrderMenuAnswer['menus'][number], 'orderable' | 'few_left'> & {
  few_left?: boolean;
  manage_stock?: 0 | 1;
  quantity?: number;
};

/** How the item's stock reads on the menu: the count for staff, 残りわずか for guests, or nothing. */
function leftOf(item: OrderMenuItem, t: { remaining: (n: number) => string; fewLeft: string }): string | null {
  if (item.manage_stock === 1 && item.quantity !== undefined) return item.quantity <= 5 ? t.remaining(item.quantity) : null;
  return item.few_left ? t.fewLeft : null;
}

const CATEGORIES: readonly MenuCategory[] = ['drink', 'food', 'dessert'];

/**
 * The order page's menu by category (spec §2: only items shown on the order page that may be
 * ordered now; the server filters). Shared by the guest's /order/food and staff's /monitor/order.
 */
export function OrderMenu(props: { items: readonly OrderMenuItem[]; initialCategory?: MenuCategory | 'all'; onAdd: (item: OrderMenuItem) => void }) {
  const t = useTexts(localizedOrderTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language, yen } = useFormat();
  const [category, setCategory] = useState<MenuCategory | 'all'>(props.initialCategory ?? 'all');
  const present = CATEGORIES.filter((c) => props.items.some((i) => i.category === c));
  const shown = props.items.filter((i) => category === 'all' || i.category === category);
  return (
    <div className="order-menu">
      <div className="filter-buttons" role="group" aria-label={t.menuTitle}>
        {(['all', ...present] as const).map((c) => (
          <button key={c} type="button" className="filter-button" aria-pressed={category === c} onClick={() => setCategory(c)}>
            {c === 'all' ? t.allCategories : t.categories[c]}
          </button>
        ))}
      </div>
      {shown.length === 0 && <p className="empty">{t.noItems}</p>}
      <ul className="order-items">
        {shown.map((item) => {
          const name = menuNameIn(item, language);
          const left = leftOf(item, t);
          return (
            <li key={item.id} className="order-item panel" data-testid="order-item" data-menu-id={item.id}>
              <OptionalImage src={item.image_url} className="order-item-image" width={72} height={72} />
              <div className="order-item-body">
                <h3>{name}</h3>
                <p className="price">
                  <PriceTag eatIn={item.price_with_tax} takeout={item.takeout_price_with_tax} yen={yen} takeoutLabel={marks.takeoutPrice} />
                </p>
                {left && <p className="hint">{left}</p>}
              </div>
              <button type="button" className="button" onClick={() => props.onAdd(item)} aria-label={`${name} ${t.addToCart}`}>
                {t.addToCart}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface CartLineView {
  menu_id: string;
  name: string;
  name_en?: string;
  /** Tax included, eaten in (decision 518). */
  price: number;
  /** Tax included, taken away; the eat-in price where absent. */
  takeout_price?: number;
  quantity: number;
}

/** A cart line's unit price as the guest was shown it: taken away or eaten in. */
export function shownLinePrice(line: Pick<CartLineView, 'price' | 'takeout_price'>, takenAway: boolean): number {
  return takenAway ? (line.takeout_price ?? line.price) : line.price;
}

/** The cart (spec §2: minimum 1, removal at 1) with its total; the caller owns the lines and the send. */
export function CartPanel(props: {
  lines: readonly CartLineView[];
  /** The lines ticked to take away (TakeoutChoice): they cost what the menu showed taken away. */
  takeout?: ReadonlySet<string>;
  onIncrease: (line: CartLineView) => void;
  onDecrease: (line: CartLineView) => void;
  children?: ReactNode;
}) {
  const t = useTexts(localizedOrderTexts);
  const marks = useTexts(localizedGuestMarks);
  const { language, yen } = useFormat();
  const priceOf = (l: CartLineView) => shownLinePrice(l, props.takeout?.has(l.menu_id) ?? false);
  // What the guest will pay: the sum of the prices they were shown, tax included.
  const total = props.lines.reduce((sum, l) => sum + priceOf(l) * l.quantity, 0);
  return (
    <section className="cart-panel panel" aria-labelledby="cart-title" data-testid="cart">
      <h2 id="cart-title">{t.cartTitle}</h2>
      {props.lines.length === 0 && <p className="empty">{t.cartEmpty}</p>}
      <ul className="cart-lines">
        {props.lines.map((line) => {
          const name = menuNameIn(line, language);
          return (
            <li key={line.menu_id} data-testid="cart-line">
              <span>{t.cartLine(name, line.quantity, yen(priceOf(line) * line.quantity))}</span>
              <span className="cart-line-buttons">
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => props.onDecrease(line)}
                  aria-label={line.quantity > 1 ? t.decrease(name) : t.remove(name)}
                >
                  −
                </button>
                <button type="button" className="button secondary" onClick={() => props.onIncrease(line)} aria-label={t.increase(name)}>
                  ＋
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="cart-total">
        {t.total}
        {marks.colon}
        <strong data-testid="cart-total">{yen(total)}</strong>
      </p>
      <p className="hint">{t.taxNote}</p>
      {props.children}
    </section>
  );
}
