import { describe, expect, it } from 'vitest';
import { recipeSchema } from './kinds';

const PICTURE = 'a'.repeat(64);

describe('what a recipe is', () => {
  it('is a named dish of a store, with everything else optional', () => {
    expect(recipeSchema.parse({ store_id: '2', name: 'ナポリタン' })).toEqual({
      store_id: '2',
      name: 'ナポリタン',
      cooking_time: null,
      ingredients: '',
      notes: '',
      photos: [],
      steps: [],
      display_order: 0,
    });
  });

  it('holds its cooking time, gallery and numbered steps with pictures', () => {
    const recipe = recipeSchema.parse({
      store_id: '2',
      name: 'ナポリタン',
      cooking_time: 15,
      photos: [PICTURE],
      steps: [{ text: '麺を茹でる', photos: [PICTURE] }],
    });
    expect(recipe.steps).toEqual([{ text: '麺を茹でる', photos: [PICTURE] }]);
  });

  it('refuses a recipe without a name, a picture that is not one, or a negative cooking time', () => {
    expect(recipeSchema.safeParse({ store_id: '2', name: ' ' }).success).toBe(false);
    expect(recipeSchema.safeParse({ store_id: '2', name: 'ナポリタン', photos: ['not-a-picture'] }).success).toBe(false);
    expect(recipeSchema.safeParse({ store_id: '2', name: 'ナポリタン', cooking_time: -1 }).success).toBe(false);
  });
});
