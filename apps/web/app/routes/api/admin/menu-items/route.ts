import { storeQuery } from '#app/staff-area/calls.server';
import { actingUser } from '#app/staff-area/calls.server';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { menuBody, menuEditorCall } from '#app/menu-editor/calls.server';

/**
 * GET /api/admin/menu-items?store_id (admin): every item of the store, hidden ones too, with its
 * stock fields, options and dependencies — what the menu editor shows.
 * POST /api/admin/menu-items {store_id, name, price, …} (admin): a new item; answers its id.
 */
export const loader = jsonCall({
  query: storeQuery,
  async handle({ query, queries }) {
    const items = await queries.stock.menu({ storeId: query.store_id });
    const ids = items.map((i) => i.id);
    const [options, dependencies] = await Promise.all([queries.menus.options(ids), Promise.all(ids.map((id) => queries.menus.dependencies(id)))]);
    return { items, options, dependencies: dependencies.flat() };
  },
});

export const action = jsonCall({
  idempotent: true,
  body: menuBody,
  ...menuEditorCall,
  async handle(input) {
    const { context } = await actingUser(input, input.body.store_id);
    const created = await input.services.menuEditor.createMenu({ data: input.body }, context);
    await input.readYourWrites(created.position);
    return { success: true as const, id: created.id };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type CreateAnswer = AnswerOf<typeof action>;
