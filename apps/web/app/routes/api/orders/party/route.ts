import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { uuidSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { partyOfVisit } from '#app/table-order/party.server';

/**
 * GET /api/orders/party?reservation_id: the party the reservation sits with now, for its token or
 * for staff: the reservation whose visit it is, its seats' label and its size — a merged party's
 * (decision 370) on the phones of both parties (decision 649).
 */
export const loader = jsonCall({
  query: z.object({ reservation_id: uuidSchema }),
  errors: tableErrors,
  async handle(input) {
    const party = await partyOfVisit(input, input.query.reservation_id);
    return { success: true as const, reservation_id: party.reservationId, seat_label: party.seatNames.join('・'), number_of_people: party.people };
  },
});

export type Answer = AnswerOf<typeof loader>;
