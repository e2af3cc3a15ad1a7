import { z } from 'zod';
import { tokyoDateTime } from '@moncafe/domain/calendar/dates';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { courseOptionsAnswer } from '#app/http/site-answers';

/**
 * POST /api/customer-detail {menuId}: the options asked when this menu is booked, each choice with
 * `extra_price_with_tax`, the extra the guest is shown and pays (decision 632).
 */
export const action = jsonCall({
  answer: courseOptionsAnswer,
  body: z.object({ menuId: z.coerce.string().min(1).max(120) }),
  async handle({ body, queries, runtime }) {
    const options = await queries.menus.optionsWithPrices(body.menuId, tokyoDateTime(runtime.clock.now()).date);
    return { options: options.map(({ display_order: _order, ...option }) => option) };
  },
});

export type Answer = AnswerOf<typeof action>;
