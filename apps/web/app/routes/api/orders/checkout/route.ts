import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer, englishNamesOf } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { billingErrors } from '#app/billing/call-errors';
import { paymentFields, paymentOf, receiptAnswer } from '#app/billing/payment-call.server';
import { tableAuthOf } from '#app/table-order/visit-auth.server';

/**
 * GET /api/orders/checkout?reservation_id: the bill (success, order_items, seat_label, subtotal,
 * tax, total) for the reservation's token or for staff.
 */
export const loader = jsonCall({
  query: z.object({ reservation_id: uuidSchema }),
  errors: billingErrors,
  async handle(input) {
    // Orders placed a moment ago are in the bill: the order index catches up first.
    await input.readAllWrites();
    const { bill, split } = await input.services.billing.bill({ reservationId: input.query.reservation_id, auth: await tableAuthOf(input) });
    return billAnswer(bill, split, await englishNamesOf(input.queries, bill));
  },
});

/**
 * POST /api/orders/checkout {reservation_id, payment_method, order_ids, tendered?}: completes the checkout of
 * exactly the orders shown (409 `orders_changed` otherwise); the reservation becomes `exited`,
 * its tokens die and the guests' screens hear `reservation-closed` and `token-invalidated`. The
 * answer carries the receipt's id, number and the guest's link to it, so the thank-you can offer the receipt, and for cash
 * with `tendered` the change (decision 640); tendered below the total is refused, nothing written.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ ...paymentFields, order_ids: z.array(uuidSchema).max(500) }),
  errors: billingErrors,
  async handle(input) {
    const done = await input.services.billing.checkOut({ ...(await paymentOf(input)), orderIds: input.body.order_ids });
    // The receipt is read back by id at once (its store's book is found in the read model).
    await input.readYourWrites(done.position);
    return {
      success: true as const,
      ...done.payment,
      payment_method: done.payment.method,
      exited_at: done.exitedAt,
      tendered: done.tendered,
      change: done.change,
      ...receiptAnswer(input, done.receipt),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type CompleteAnswer = AnswerOf<typeof action>;
