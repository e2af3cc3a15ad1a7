import { z } from 'zod';
import { displayOrder, kind, recordIdSchema, storeId, text } from '../catalog/kinds';

/** The staff guide's reference data: what a recipe is and how a menu item is served (decision 085), registered with the catalog (catalog/registry.ts). */

/** A picture in the blob store: the SHA-256 hex of its bytes (decision 032). */
const photoIds = z
  .array(z.string().regex(/^[0-9a-f]{64}$/, 'a picture id'))
  .max(20)
  .default([]);

const guideStepSchema = z.object({ text: z.string().trim().max(2000).default(''), photos: photoIds });

/**
 * What a recipe is: a store's dish as the kitchen makes it, with a name, its cooking time, its
 * ingredients and notes as free text, a gallery of pictures and numbered steps with text and
 * pictures. Staff read it in the staff area; admins edit it there (/api/recipes).
 */
export const recipeSchema = z.object({
  store_id: storeId,
  name: text(100),
  /** Minutes; shown as a badge. */
  cooking_time: z
    .int()
    .min(0)
    .max(24 * 60)
    .nullable()
    .default(null),
  ingredients: z.string().trim().max(4000).default(''),
  notes: z.string().trim().max(4000).default(''),
  /** The gallery. */
  photos: photoIds,
  steps: z.array(guideStepSchema).max(50).default([]),
  display_order: displayOrder,
});

/** How a menu item is served: numbered steps with text and photos. */
export const serveMethodSchema = z.object({
  store_id: storeId,
  menu_id: recordIdSchema,
  title: z.string().trim().max(100).default(''),
  steps: z.array(guideStepSchema).max(50).default([]),
  display_order: displayOrder,
});

export type RecipeData = z.output<typeof recipeSchema>;
export type ServeMethodData = z.output<typeof serveMethodSchema>;

export const staffGuideKinds = {
  recipe: kind({ schema: recipeSchema, nameFields: ['name'] }),
  'serve-method': kind({ schema: serveMethodSchema, nameFields: ['title'] }),
};
