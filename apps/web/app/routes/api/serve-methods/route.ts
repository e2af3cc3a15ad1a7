import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { serveMethodSchema } from '@moncafe/domain/staff-guide/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember } from '#app/staff-area/calls.server';
import { createCall, saveServeMethod } from '#app/staff-area/catalog-calls.server';

/** GET /api/serve-methods?menu_id (or ?store_id for the admin): serve methods with their steps. POST (admin): a new one. */
export const loader = jsonCall({
  query: z.object({ menu_id: recordIdSchema.optional(), store_id: recordIdSchema.optional() }).refine((q) => q.menu_id || q.store_id, 'menu_id or store_id'),
  async handle(input) {
    const { query, queries } = input;
    if (query.store_id) await actingMember(input, query.store_id);
    const methods = await queries.staffGuides.serveMethods({
      ...(query.menu_id ? { menuId: query.menu_id } : {}),
      ...(query.store_id ? { storeId: query.store_id } : {}),
    });
    // Asked by menu: the menu's store is the methods' store.
    for (const storeId of new Set(methods.map((m) => m.store_id))) await actingMember(input, storeId);
    return methods;
  },
});
export const action = createCall('serve-method', serveMethodSchema, saveServeMethod);

export type Answer = AnswerOf<typeof loader>;
