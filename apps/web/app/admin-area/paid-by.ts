import { homeTexts } from './texts';

/** How an order's bill was paid, in the owner's words: its methods (a split paid two ways names both), or 未会計. */
export function paidBy(methods: readonly string[]): string {
  return methods.length ? methods.map((m) => homeTexts.paymentMethods[m] ?? m).join('・') : homeTexts.unpaid;
}
