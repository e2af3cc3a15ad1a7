import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';
import { kitchenTexts } from '#app/table-order/texts';

/** POST /api/orders/{id}/complete: the kitchen marks the order done (idempotent; monitor/admin). */
export const action = jsonCall({
  errors: { order_not_found: { status: 404, error: kitchenTexts.actionFailed } },
  async handle({ params, services, user, correlationId, readYourWrites }) {
    const id = uuidSchema.safeParse(params.id);
    if (!id.success) refuse(400, 'invalid id', { field: 'id' });
    const actor = (await user())?.id ?? 'staff';
    const done = await services.ordering.complete({ orderId: id.data, actor, correlationId });
    // The kitchen reads its lists right after: they show the change.
    await readYourWrites(done.position);
    return { success: true as const, id: id.data, status: done.status };
  },
});

export type Answer = AnswerOf<typeof action>;
