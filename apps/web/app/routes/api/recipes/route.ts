import { recipeSchema } from '@moncafe/domain/staff-guide/kinds';
import type { AnswerOf } from '#app/http/json.server';
import { storeRead } from '#app/staff-area/calls.server';
import { createCall, saveRecipe } from '#app/staff-area/catalog-calls.server';

/** GET /api/recipes?store_id: the recipe dropdown (id, name, cooking_time). POST (admin): a new recipe. */
export const loader = storeRead((queries, storeId) => queries.staffGuides.recipes(storeId));
export const action = createCall('recipe', recipeSchema, saveRecipe);

export type Answer = AnswerOf<typeof loader>;
