import { useCallback, useEffect, useState } from 'react';
import type { Route } from './+types/route';
import { callJson } from '#app/http/api-client';
import type { Answer as RecipesAnswer } from '#app/routes/api/recipes/route';
import type { Answer as RecipeAnswer } from '#app/routes/api/recipes/$id/route';
import { LoadError, Loading, StoreRequired, useAreaStore } from '#app/staff-area/components';
import { RecipeForm } from '#app/staff-area/guide-forms';
import { ListEditor } from '#app/staff-area/list-editor';
import staffCss from '#app/staff-area/staff-area.css?url';
import { adminStaffTexts as a, staffTexts as t } from '#app/staff-area/texts';
import { adminPageTitle } from '#app/admin-area/title';
import { staffScreenName } from '#app/areas/texts';

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminPageTitle(a.recipeManagerTitle, matches) }];
export const links = () => [{ rel: 'stylesheet', href: staffCss }];

/** /admin/recipe-manager: the store's recipes with photos and steps, as /staff/recipe shows them. */
export default function RecipeManager() {
  const { storeId, ready } = useAreaStore();
  const [recipes, setRecipes] = useState<RecipeAnswer[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    if (!storeId) return;
    setFailed(false);
    const list = await callJson<RecipesAnswer>(`/api/recipes?store_id=${encodeURIComponent(storeId)}`, { noStore: true });
    if (!list.ok) return setFailed(true);
    // The editor needs every field; a store has tens of recipes, not thousands.
    const full = await Promise.all(list.body.map((r) => callJson<RecipeAnswer>(`/api/recipes/${encodeURIComponent(r.id)}`, { noStore: true })));
    if (full.some((r) => !r.ok)) return setFailed(true);
    setRecipes(full.flatMap((r) => (r.ok ? [r.body] : [])));
  }, [storeId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  return (
    <div className="sa-page" data-ready={ready && recipes ? 'true' : undefined}>
      <h2>{a.recipeManagerTitle}</h2>
      <p className="hint">{a.shownOnStaff(staffScreenName('recipe'))}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!recipes && !failed && <Loading />}
      {storeId && recipes && (
        <ListEditor
          kind="recipe"
          storeId={storeId}
          items={recipes}
          collectionUrl="/api/recipes"
          itemUrl={(id) => `/api/recipes/${encodeURIComponent(id)}`}
          name={(r) => r.name}
          view={(r) => (
            <div>
              <strong>{r.name}</strong>
              {r.cooking_time !== null && <span className="hint"> {t.cookingTime(r.cooking_time)}</span>}
              <div className="hint">
                {a.galleryPhotos} {r.photos.length} ／ {a.stepsTitle} {r.recipeSteps.length}
              </div>
            </div>
          )}
          toForm={(r) => ({
            name: r.name,
            cooking_time: r.cooking_time,
            ingredients: r.ingredients,
            notes: r.notes,
            photos: r.photos,
            steps: r.recipeSteps.map((s) => ({ text: s.step_text, photos: s.photos })),
          })}
          Form={RecipeForm}
          empty={a.noRecipes}
          addTitle={a.newRecipe}
          reload={load}
        />
      )}
    </div>
  );
}
