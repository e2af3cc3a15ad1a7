import { useSyncExternalStore } from 'react';
import { addLine, parseStoredCart, removeLine, removeOne } from './cart';
import type { CartLine } from './cart';
import { browserStorage as storage } from '#app/shared/browser-storage';

/**
 * The browser-side cart store shared by every screen: localStorage for persistence, a
 * subscription so components re-render on change (also when another tab changes it).
 * On the server the cart is always empty, so server HTML never shows cart contents and the
 * client fills them in after hydration.
 */
export const CART_STORAGE_KEY = 'moncafe.cart';

const EMPTY: readonly CartLine[] = Object.freeze([]);
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedCart: readonly CartLine[] = EMPTY;

export function readCart(): readonly CartLine[] {
  const raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  // useSyncExternalStore needs the same object while nothing changed.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parseStoredCart(raw);
  }
  return cachedCart;
}

export function writeCart(cart: readonly CartLine[]): void {
  const store = storage();
  if (!store) return;
  if (cart.length === 0) store.removeItem(CART_STORAGE_KEY);
  else store.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  for (const listener of listeners) listener();
}

export const cartActions = {
  add: (item: Omit<CartLine, 'quantity'>, quantity = 1) => writeCart(addLine(readCart(), item, quantity)),
  removeOne: (menuId: string) => writeCart(removeOne(readCart(), menuId)),
  removeLine: (menuId: string) => writeCart(removeLine(readCart(), menuId)),
  clear: () => writeCart([]),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current cart lines; re-renders when the cart changes. */
export function useCart(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}
