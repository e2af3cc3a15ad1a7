import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { positionFields, positionOf, seatIdSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';

/**
 * POST /api/qr-token {seat_id, lat, lng, accuracy or skip_location_check}: a new table-order token
 * for a phone at a seat where guests are checked in (the renewal after a refused order). The
 * location rule is check-in's; without a position only staff's waiver lets it through.
 */
export const action = jsonCall({
  body: z.object({ seat_id: seatIdSchema, ...positionFields }),
  errors: tableErrors,
  async handle({ body, services, correlationId }) {
    const visit = await services.table.renewToken({ seatId: body.seat_id, position: positionOf(body), correlationId });
    return { success: true as const, token: visit.token, reservation_id: visit.reservationId, valid_until: visit.validUntil, seat_name: visit.seatName };
  },
});

export type Answer = AnswerOf<typeof action>;
