import type { Kysely } from 'kysely';
import type { Database } from '../database';

/** The recipe dropdown: id, name and cooking time, in the admin's order. */
export async function listRecipes(db: Kysely<Database>, storeId: string) {
  return db.selectFrom('recipes').select(['id', 'name', 'cooking_time']).where('store_id', '=', storeId).orderBy('display_order').orderBy('id').execute();
}

/** One recipe with its gallery and numbered steps (`recipeSteps`, each with its photos). */
export async function getRecipe(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('recipes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const { steps, ...recipe } = row;
  return { ...recipe, recipeSteps: steps.map((s, i) => ({ step_number: i + 1, step_text: s.text, photos: s.photos })) };
}

/** A menu's serve methods (or a store's, for the admin), in the admin's order, with their steps. */
export async function listServeMethods(db: Kysely<Database>, filter: { menuId?: string; storeId?: string }) {
  let query = db.selectFrom('serve_methods').selectAll();
  if (filter.menuId) query = query.where('menu_id', '=', filter.menuId);
  if (filter.storeId) query = query.where('store_id', '=', filter.storeId);
  const rows = await query.orderBy('display_order').orderBy('id').execute();
  return rows.map(({ steps, ...m }) => ({ ...m, steps: stepsOf(m.id, steps) }));
}

/** The spec's serve-method steps (id, step_number, step_text, photos), with the store the method belongs to. */
export async function serveMethodSteps(db: Kysely<Database>, serveMethodId: string) {
  const row = await db.selectFrom('serve_methods').select(['id', 'store_id', 'steps']).where('id', '=', serveMethodId).executeTakeFirst();
  return row ? { storeId: row.store_id, steps: stepsOf(row.id, row.steps) } : null;
}

function stepsOf(id: string, steps: { text: string; photos: string[] }[]) {
  return steps.map((s, i) => ({ id: `${id}-${i + 1}`, step_number: i + 1, step_text: s.text, photos: s.photos }));
}
