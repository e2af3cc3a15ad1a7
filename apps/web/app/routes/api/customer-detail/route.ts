import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';

/** POST /api/customer-detail {menuId}: the options asked when this menu is booked. */
export const action = jsonCall({
  body: z.object({ menuId: z.coerce.string().min(1).max(120) }),
  async handle({ body, queries }) {
    const options = await queries.menus.options(body.menuId);
    return { options: options.map(({ display_order: _order, ...option }) => option) };
  },
});

export type Answer = AnswerOf<typeof action>;
