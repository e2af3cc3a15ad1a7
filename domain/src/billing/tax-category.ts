import { z } from 'zod';

/**
 * How a menu item is taxed (decision 240): `standard` (goods: always the standard
 * rate), `reduced` (food and non-alcoholic drinks: the reduced rate when taken away, the standard
 * rate eaten in), `never_reduced` (alcohol: always standard). A menu item without one is `reduced`.
 */
export const taxCategorySchema = z.enum(['standard', 'reduced', 'never_reduced']);
export type TaxCategory = z.output<typeof taxCategorySchema>;
