import { z } from 'zod';
import { floorTexts as t } from '#app/floor/texts';
import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';

/**
 * POST /api/orders/{id}/void {menu_id?, reason} (monitor/admin, decision 283): staff take one menu
 * item's line (or, without menu_id, the whole order) off before checkout, saying why. Counted stock
 * goes back, the kitchen's ticket changes live and the bill is recomputed.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ menu_id: z.string().max(64).nullable().default(null), reason: z.string().max(200) }),
  errors: {
    order_not_found: { status: 404, answer: { success: false, error: 'order_not_found', message: t.voidFailed } },
    reason_required: { status: 400, answer: { success: false, error: 'reason_required', field: 'reason', message: t.voidReasonRequired } },
    visit_ended: { status: 409, answer: { success: false, error: 'visit_ended', message: t.voidAfterCheckout } },
  },
  async handle({ params, body, services, caller, correlationId, readYourWrites }) {
    const id = uuidSchema.safeParse(params.id);
    if (!id.success) refuse(400, 'invalid id', { field: 'id' });
    const actor = (await caller()).id;
    const voided = await services.orderVoiding.voidOrder({ orderId: id.data, menuId: body.menu_id, reason: body.reason, actor, correlationId });
    await readYourWrites(voided.position);
    return { success: true as const, id: id.data, lines: voided.lines.length };
  },
});

export type Answer = AnswerOf<typeof action>;
