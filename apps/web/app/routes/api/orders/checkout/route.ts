import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer } from '#app/table-order/answers';
import { paymentMethodSchema, uuidSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * GET /api/orders/checkout?reservation_id: the bill (success, order_items, seat_label, subtotal,
 * tax, total) for the reservation's token or for staff.
 */
export const loader = jsonCall({
  query: z.object({ reservation_id: uuidSchema }),
  errors: tableErrors,
  async handle(input) {
    // Orders placed a moment ago are in the bill: the order index catches up first.
    await input.readYourWrites(await input.runtime.eventStore.headPosition());
    return billAnswer(await input.services.table.bill({ reservationId: input.query.reservation_id, auth: await tableAuthOf(input) }));
  },
});

/**
 * POST /api/orders/checkout {reservation_id, payment_method, order_ids}: completes the checkout of
 * exactly the orders shown (409 `orders_changed` otherwise); the reservation becomes `exited`,
 * its tokens die and the guests' screens hear `reservation-closed` and `token-invalidated`.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ reservation_id: uuidSchema, payment_method: paymentMethodSchema, order_ids: z.array(uuidSchema).max(500) }),
  errors: tableErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    await input.readYourWrites(await input.runtime.eventStore.headPosition());
    const done = await services.table.checkOut({
      reservationId: body.reservation_id,
      auth: await tableAuthOf(input),
      method: body.payment_method,
      orderIds: body.order_ids,
      correlationId,
    });
    return { success: true as const, ...done.payment, payment_method: done.payment.method, exited_at: done.exitedAt };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type CompleteAnswer = AnswerOf<typeof action>;
