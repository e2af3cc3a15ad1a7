import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { orderAnswer } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/** GET /api/orders/by-reservation/{id}: the reservation's orders (items), for its token or for staff. */
export const loader = jsonCall({
  errors: tableErrors,
  async handle(input) {
    const id = uuidSchema.safeParse(input.params.id);
    if (!id.success) refuse(400, 'invalid id', { field: 'id' });
    // Checked against the reservation's stream, so a dead token reads nothing.
    await input.services.table.bill({ reservationId: id.data, auth: await tableAuthOf(input) });
    return { success: true as const, orders: (await input.queries.orders.ofReservation(id.data)).map(orderAnswer) };
  },
});

export type Answer = AnswerOf<typeof loader>;
