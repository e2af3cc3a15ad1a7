import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { billAnswer } from '#app/table-order/answers';
import { uuidSchema } from '#app/table-order/call-schemas';
import { courseLineErrors } from '#app/table-order/call-errors';

/**
 * POST /api/orders/course-line {reservation_id, menu_id, quantity, reason} (monitor/admin,
 * decision 630): staff change how many of a booked course are on the bill (one guest did not
 * come) or take it off with 0, always saying why; the change is in the reservation's history.
 * Answers the bill as it is now. A resend finds the count already so and changes nothing.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    reservation_id: uuidSchema,
    menu_id: z.string().min(1).max(64),
    quantity: z.number(),
    reason: z.string().max(200),
  }),
  errors: courseLineErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const actor = (await caller()).id;
    const changed = await services.table.changeCourseLine({
      reservationId: body.reservation_id,
      menuId: body.menu_id,
      quantity: body.quantity,
      reason: body.reason,
      actor,
      correlationId,
    });
    await readYourWrites(changed.position);
    return billAnswer(changed.bill);
  },
});

export type Answer = AnswerOf<typeof action>;
