import { useSyncExternalStore } from 'react';
import { addLine, parseStoredCart, removeLine, removeOne, setQuantity } from './cart';
import type { CartLine } from './cart';
import { browserStorage as storage } from '#app/shared/browser-storage';

/**
 * Browser-side carts: localStorage for persistence, a subscription so components re-render on
 * change (also when another tab changes it). On the server a cart is always empty, so server
 * HTML never shows cart contents and the client fills them in after hydration.
 *
 * There are two carts, kept apart so one can never lose the other (decision 106):
 * - the table-order cart (QR ordering at /order), under `moncafe.cart`: `readCart`, `cartActions`,
 *   `useCart` below; the footer's カート（n） button shows it and leads to /order?show_cart=true;
 * - the reservation's course cart (app/reservation/reservation-cart.ts), shown on the
 *   reservation screens themselves.
 */
export interface CartStore {
  key: string;
  read(): readonly CartLine[];
  write(cart: readonly CartLine[]): void;
  actions: {
    add(item: Omit<CartLine, 'quantity'>, quantity?: number): void;
    removeOne(menuId: string): void;
    removeLine(menuId: string): void;
    setQuantity(menuId: string, quantity: number): void;
    clear(): void;
  };
  /** The current lines; re-renders when the cart changes. */
  useLines(): readonly CartLine[];
}

const EMPTY: readonly CartLine[] = Object.freeze([]);

export function cartStore(key: string): CartStore {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedCart: readonly CartLine[] = EMPTY;

  function read(): readonly CartLine[] {
    const raw = storage()?.getItem(key) ?? null;
    // useSyncExternalStore needs the same object while nothing changed.
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedCart = parseStoredCart(raw);
    }
    return cachedCart;
  }

  function write(cart: readonly CartLine[]): void {
    const store = storage();
    if (!store) return;
    if (cart.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(cart));
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  return {
    key,
    read,
    write,
    actions: {
      add: (item, quantity = 1) => write(addLine(read(), item, quantity)),
      removeOne: (menuId) => write(removeOne(read(), menuId)),
      removeLine: (menuId) => write(removeLine(read(), menuId)),
      setQuantity: (menuId, quantity) => write(setQuantity(read(), menuId, quantity)),
      clear: () => write([]),
    },
    useLines: () => useSyncExternalStore(subscribe, read, () => EMPTY),
  };
}

/** The table-order cart's storage key (QR ordering at /order). */
const CART_STORAGE_KEY = 'moncafe.cart';

const tableOrderCart = cartStore(CART_STORAGE_KEY);

/** The table-order cart. */
export const readCart = tableOrderCart.read;
export const writeCart = tableOrderCart.write;
export const cartActions = tableOrderCart.actions;
export const useCart = tableOrderCart.useLines;
