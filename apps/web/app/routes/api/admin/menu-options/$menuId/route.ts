import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';

/** GET /api/admin/menu-options/{menuId} (monitor/admin): success, options (id, label, type, required, choices). */
export const loader = jsonCall({
  async handle({ params, queries }) {
    const menuId = recordIdSchema.safeParse(params.menuId);
    if (!menuId.success) return refuse(400, 'invalid id', { field: 'menuId' });
    const options = await queries.menus.options(menuId.data);
    return {
      success: true as const,
      options: options.map((o) => ({ id: o.option_id, label: o.label, type: o.type, required: o.required, choices: o.choices })),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;
