import { z } from 'zod';
import type { CatalogRule } from '../catalog/kinds';

/**
 * The check digit of a 13-digit corporate number (法人番号): the first digit is
 * 9 − (Σ Pn × Qn mod 9) over the other twelve, Pn the n-th digit counted from the right and
 * Qn 1 for odd n, 2 for even n. Registration numbers (適格請求書発行事業者登録番号) are `T` and such a number.
 */
export function corporateCheckDigit(base12: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n += 1) sum += Number(base12[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

export function isRegistrationNumber(value: string): boolean {
  const match = /^T(\d)(\d{12})$/.exec(value);
  return match !== null && Number(match[1]) === corporateCheckDigit(match[2]!);
}

/**
 * `T` and 13 digits with the check digit. The refusal names a catalog rule and has no words: the
 * web says it in the screen's language (a message here would reach the owner's form in English).
 */
export const registrationNumberSchema = z
  .string()
  .trim()
  .refine(isRegistrationNumber, { params: { rule: 'registration_number' satisfies CatalogRule } });
