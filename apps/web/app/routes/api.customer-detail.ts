import { z } from 'zod';
import type { Route } from './+types/api.customer-detail';
import { answer, json, optionSpecs, parseBody, reservationRuntime } from '../reservation/flow.server';

const bodySchema = z.object({ menuId: z.coerce.string().min(1).max(120) });

/** POST /api/customer-detail {menuId}: the options asked when this menu is booked. */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, async () => {
    const { menuId } = await parseBody(request, bodySchema);
    const { runtime } = reservationRuntime(context);
    const { options } = await optionSpecs(runtime, [menuId]);
    return json({
      options: options.map((o) => ({
        option_id: o.optionId,
        menu_id: o.menuId,
        label: o.label,
        type: o.type,
        required: o.required,
        choices: o.choices.map((c) => ({ id: c.id, label: c.label, extra_price: c.extraPrice })),
      })),
    });
  });
}
