/**
 * A customer's cart. It lives in the browser (localStorage), not on the server. These functions
 * are pure; cart-store.ts does the storage and subscriptions (one store per cart: the table
 * order's and the reservation's).
 * Every page loads this module, so its check of stored lines is plain code, not zod (decision 043: bundles).
 */
export interface CartLine {
  menu_id: string;
  name: string;
  /** The item's English name where the menu gives one (decision 392): the English order screens show it. */
  name_en?: string;
  /** What the guest was shown: tax included, eaten in (decision 518). */
  price: number;
  /** Tax included, taken away, where the menu showed one (the table order's cart). */
  takeout_price?: number;
  quantity: number;
}

/** A stored line as the cart wrote it; anything else is not a line. */
function cartLineOf(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const { menu_id, name, name_en, price, takeout_price, quantity } = value as Record<string, unknown>;
  if (typeof menu_id !== 'string' || menu_id.length === 0 || typeof name !== 'string') return null;
  if (typeof price !== 'number' || !(price >= 0) || !Number.isFinite(price)) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) return null;
  const takeout = typeof takeout_price === 'number' && takeout_price >= 0 && Number.isFinite(takeout_price) ? { takeout_price } : {};
  return { menu_id, name, ...(typeof name_en === 'string' && name_en ? { name_en } : {}), price, ...takeout, quantity };
}

/** Adds one of a menu item (or `quantity` of them), merging with an existing line. */
export function addLine(cart: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity = 1): CartLine[] {
  const existing = cart.find((line) => line.menu_id === item.menu_id);
  if (!existing) return [...cart, { ...item, quantity }];
  return cart.map((line) => (line.menu_id === item.menu_id ? { ...line, quantity: line.quantity + quantity } : line));
}

/** Takes one away; the spec's minimum quantity is 1, so taking one from a line of 1 removes the line. */
export function removeOne(cart: readonly CartLine[], menuId: string): CartLine[] {
  return cart.flatMap((line) => {
    if (line.menu_id !== menuId) return [line];
    return line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : [];
  });
}

/** Sets a line's quantity (− / + beside it); never below 1 — the line's 削除 removes it. */
export function setQuantity(cart: readonly CartLine[], menuId: string, quantity: number): CartLine[] {
  const q = Math.max(1, Math.floor(quantity));
  return cart.map((line) => (line.menu_id === menuId ? { ...line, quantity: q } : line));
}

export function removeLine(cart: readonly CartLine[], menuId: string): CartLine[] {
  return cart.filter((line) => line.menu_id !== menuId);
}

export function totalQuantity(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function totalPrice(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Reads stored JSON defensively: storage is user-controlled, so anything malformed is an empty cart. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const lines = parsed.map(cartLineOf);
    return lines.every((line) => line !== null) ? (lines as CartLine[]) : [];
  } catch {
    return [];
  }
}
