import { recipeSchema } from '@moncafe/domain/staff-guide/kinds';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { actingMember } from '#app/staff-area/calls.server';
import { staffTexts as t } from '#app/staff-area/texts';
import { itemCall, saveRecipe } from '#app/staff-area/catalog-calls.server';

/** GET /api/recipes/{id}: the recipe with its gallery and `recipeSteps`. PUT / DELETE (admin): replaced or removed. */
export const loader = jsonCall({
  async handle(input) {
    const recipe = (await input.queries.staffGuides.recipe(input.params.id ?? '')) ?? refuse(404, t.loadFailed);
    await actingMember(input, recipe.store_id);
    return recipe;
  },
});
export const action = itemCall('recipe', recipeSchema, saveRecipe);

export type Answer = AnswerOf<typeof loader>;
