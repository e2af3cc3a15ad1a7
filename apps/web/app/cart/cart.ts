import { z } from 'zod';

/**
 * A customer's cart. It lives in the browser (localStorage), not on the server. These functions
 * are pure; cart-store.ts does the storage and subscriptions (one store per cart: the table
 * order's and the reservation's).
 */
export const cartLineSchema = z.object({
  menu_id: z.string().min(1),
  name: z.string(),
  price: z.number().nonnegative(),
  quantity: z.number().int().positive(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.array(cartLineSchema);

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
    const parsed = cartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
