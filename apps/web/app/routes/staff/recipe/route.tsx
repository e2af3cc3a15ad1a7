import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import { pageTitle } from '#app/layout/texts';
import type { Answer as RecipesAnswer } from '#app/routes/api/recipes/route';
import type { Answer as RecipeAnswer } from '#app/routes/api/recipes/$id/route';
import { LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { PhotoGallery, StepPhotos } from '#app/staff-area/photo-gallery';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';

export const meta: Route.MetaFunction = () => [{ title: pageTitle(t.recipeTitle) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /staff/recipe: a recipe chosen from the store's list, with its time, ingredients, notes, photos and numbered steps. */
export default function StaffRecipe() {
  const { storeId, ready } = useAreaStore();
  const [recipes, setRecipes] = useState<RecipesAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState('');
  const [recipe, setRecipe] = useState<RecipeAnswer | null>(null);

  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const r = await callJson<RecipesAnswer>(`/api/recipes?store_id=${encodeURIComponent(storeId)}`, { noStore: true });
    // Spec §8: a failed load is logged and shows an empty list; we also say so and offer 再試行.
    setRecipes(r.ok ? r.body : []);
    setFailed(!r.ok);
  }, [storeId]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    setRecipe(null);
    if (!chosen) return;
    void callJson<RecipeAnswer>(`/api/recipes/${encodeURIComponent(chosen)}`, { noStore: true }).then((r) => setRecipe(r.ok ? r.body : null));
  }, [chosen]);

  if (ready && !storeId) return <StoreRequired home="/staff" />;
  return (
    <div className="sa-page" data-ready={ready && recipes ? 'true' : undefined}>
      <h2>{t.recipeTitle}</h2>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!recipes && <Loading />}
      {recipes && recipes.length === 0 && !failed && <p className="empty">{t.noRecipes}</p>}
      {recipes && recipes.length > 0 && (
        <label className="field">
          {t.recipeLabel}
          <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{t.recipePlaceholder}</option>
            {recipes.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {recipes && recipes.length > 0 && !chosen && <p className="hint">{t.chooseRecipe}</p>}
      {chosen && !recipe && <Loading />}
      {recipe && (
        <article className="card sa-recipe" data-testid="recipe">
          <h3>
            {recipe.name}
            {recipe.cooking_time !== null && <span className="category-badge sa-badge">{t.cookingTime(recipe.cooking_time)}</span>}
          </h3>
          <PhotoGallery photos={recipe.photos} alt={recipe.name} />
          <h4>{t.ingredients}</h4>
          <p className="sa-pre">{recipe.ingredients || t.empty}</p>
          <h4>{t.notes}</h4>
          <p className="sa-pre">{recipe.notes || t.empty}</p>
          <h4>{t.steps}</h4>
          {recipe.recipeSteps.length === 0 ? (
            <p className="empty">{t.noSteps}</p>
          ) : (
            <ol className="sa-steps">
              {recipe.recipeSteps.map((s) => (
                <li key={s.step_number}>
                  <p className="sa-pre">{s.step_text}</p>
                  <StepPhotos photos={s.photos} step={s.step_number} />
                </li>
              ))}
            </ol>
          )}
        </article>
      )}
    </div>
  );
}
