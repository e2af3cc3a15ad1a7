import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer } from '#app/table-order/answers';
import { paymentMethodSchema, uuidSchema } from '#app/table-order/call-schemas';
import { billingErrors } from '#app/billing/call-errors';
import { receiptAnswer, receiptWordingFields, receiptWordingOf } from '#app/billing/receipt-link.server';
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
    return billAnswer(bill, split);
  },
});

/**
 * POST /api/orders/checkout {reservation_id, payment_method, order_ids}: completes the checkout of
 * exactly the orders shown (409 `orders_changed` otherwise); the reservation becomes `exited`,
 * its tokens die and the guests' screens hear `reservation-closed` and `token-invalidated`. The
 * answer carries the receipt's id, number and the guest's link to it (issue 30).
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    reservation_id: uuidSchema,
    payment_method: paymentMethodSchema,
    order_ids: z.array(uuidSchema).max(500),
    ...receiptWordingFields,
  }),
  errors: billingErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    await input.readAllWrites();
    const done = await services.billing.checkOut({
      reservationId: body.reservation_id,
      auth: await tableAuthOf(input),
      method: body.payment_method,
      orderIds: body.order_ids,
      ...receiptWordingOf(body),
      correlationId,
    });
    // The receipt is read back by id at once (its store's book is found in the read model).
    await input.readYourWrites(done.position);
    return {
      success: true as const,
      ...done.payment,
      payment_method: done.payment.method,
      exited_at: done.exitedAt,
      ...receiptAnswer(input.runtime.signing, done.receipt),
    };
  },
});

export type Answer = AnswerOf<typeof loader>;
export type CompleteAnswer = AnswerOf<typeof action>;
