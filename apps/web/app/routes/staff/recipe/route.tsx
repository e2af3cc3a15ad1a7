import { useState } from 'react';
import type { Route } from './+types/route';
import type { Answer as RecipesAnswer } from '#app/routes/api/recipes/route';
import type { Answer as RecipeAnswer } from '#app/routes/api/recipes/$id/route';
import { Choices, LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { useLoad } from '#app/shared/use-load';
import { GuideSteps, PhotoGallery } from '#app/staff-area/photo-gallery';
import staffCss from '#app/staff-area/staff-area.css?url';
import { staffTexts as t } from '#app/staff-area/texts';
import { areaPageTitle } from '#app/admin-area/title';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: areaPageTitle(t.recipeTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /staff/recipe: a recipe chosen from the store's list, with its time, ingredients, notes, photos and numbered steps. */
export default function StaffRecipe() {
  const { storeId, ready } = useAreaStore();
  const list = useLoad<RecipesAnswer>(storeId ? `/api/recipes?store_id=${encodeURIComponent(storeId)}` : null);
  const recipes = list.data ?? (list.failed ? [] : null);
  const [chosen, setChosen] = useState('');
  const recipe = useLoad<RecipeAnswer>(chosen ? `/api/recipes/${encodeURIComponent(chosen)}` : null).data;

  if (ready && !storeId) return <StoreRequired home="/staff" />;
  return (
    <div className="sa-page" data-ready={ready && recipes ? 'true' : undefined}>
      <h2>{t.recipeTitle}</h2>
      {/* Spec §8: a failed load shows an empty list; we also say so and offer 再試行. */}
      {list.failed && <LoadError message={t.loadFailed} onRetry={() => void list.reload()} />}
      {!recipes && <Loading />}
      {recipes && recipes.length === 0 && !list.failed && <p className="empty">{t.noRecipes}</p>}
      {recipes && recipes.length > 0 && (
        <label className="field">
          {t.recipeLabel}
          <Choices
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            placeholder={t.recipePlaceholder}
            options={recipes.map((r) => ({ value: r.id, label: r.name }))}
          />
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
          <GuideSteps steps={recipe.recipeSteps} />
        </article>
      )}
    </div>
  );
}
