import { jsonCall, refuse, type AnswerOf } from '#app/http/json.server';
import { orderAnswer } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * GET /api/orders/by-reservation/{id}: the reservation's orders (items), for its token or for staff;
 * a merged party's are those of every party on its bill (decision 370).
 */
export const loader = jsonCall({
  errors: tableErrors,
  async handle(input) {
    const id = uuidSchema.safeParse(input.params.id);
    if (!id.success) refuse(400, 'invalid id', { field: 'id' });
    // Checked against the reservation's stream, so a dead token reads nothing.
    const bill = await input.services.table.bill({ reservationId: id.data, auth: await tableAuthOf(input) });
    const rows = await Promise.all(bill.parties.map((party) => input.queries.orders.ofReservation(party)));
    const orders = rows.flat().sort((a, b) => a.order_time.getTime() - b.order_time.getTime());
    return { success: true as const, orders: orders.map(orderAnswer) };
  },
});

export type Answer = AnswerOf<typeof loader>;
