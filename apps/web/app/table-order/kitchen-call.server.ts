import { jsonCall, refuse } from '#app/http/json.server';
import { uuidSchema } from './call-schemas';
import { kitchenTexts } from './staff-texts';

/**
 * POST /api/orders/{id}/complete and /restore: the kitchen marks an order done or puts it back
 * on the ready list (idempotent; monitor/admin). The kitchen reads its lists right after, so the
 * answer waits until they show the change.
 */
export function kitchenCall(verb: 'complete' | 'restore') {
  return jsonCall({
    idempotent: true,
    errors: { order_not_found: { status: 404, error: kitchenTexts.actionFailed } },
    async handle({ params, services, caller, correlationId, readYourWrites }) {
      const id = uuidSchema.safeParse(params.id);
      if (!id.success) refuse(400, 'invalid id', { field: 'id' });
      const actor = (await caller()).id;
      const done = await services.ordering[verb]({ orderId: id.data, actor, correlationId });
      await readYourWrites(done.position);
      return { success: true as const, id: id.data, status: done.status };
    },
  });
}
