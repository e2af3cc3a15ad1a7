import { recipeSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, storeQuery } from '#app/staff-area/calls.server';
import { createCall, saveRecipe } from '#app/staff-area/catalog-calls.server';

/** GET /api/recipes?store_id: the recipe dropdown (id, name, cooking_time). POST (admin): a new recipe. */
export const loader = jsonCall({
  query: storeQuery,
  async handle(input) {
    const { query, queries } = input;
    await actingMember(input, query.store_id);
    return queries.staffGuides.recipes(query.store_id);
  },
});
export const action = createCall('recipe', recipeSchema, saveRecipe);

export type Answer = AnswerOf<typeof loader>;
