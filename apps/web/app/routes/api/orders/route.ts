import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { orderItemsSchema, seatIdSchema, uuidSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * POST /api/orders {seat_id, reservation_id, items [{menu_id, quantity}], order_id?} with the
 * table-order token (`Authorization: Bearer …`) or as signed-in staff. Prices come from the
 * catalog; counted stock is reserved first (409 `sold_out` with `menu_ids`, nothing taken). The
 * phone's `order_id` makes a resend after a lost answer place nothing twice. 401: renew once.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ seat_id: seatIdSchema.nullable().optional(), reservation_id: uuidSchema, items: orderItemsSchema, order_id: uuidSchema.optional() }),
  errors: tableErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    const placed = await services.ordering.place({
      orderId: body.order_id ?? null,
      reservationId: body.reservation_id,
      seatId: body.seat_id ?? null,
      items: body.items.map((i) => ({ menuId: i.menu_id, quantity: i.quantity, takeout: i.takeout ?? false })),
      auth: await tableAuthOf(input),
      correlationId,
    });
    // The answer shows no read model; the phone's next reads (its menu's counts, its bill) and the
    // staff tablet's wait for the order instead (decision 483).
    input.readersWaitFor(placed.position);
    return { success: true as const, order_id: placed.orderId, subtotal: placed.subtotal };
  },
});

export type Answer = AnswerOf<typeof action>;
