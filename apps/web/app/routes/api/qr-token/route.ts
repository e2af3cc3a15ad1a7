import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { positionFields, positionOf, seatCodeSchema, seatIdSchema, visitSecretSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';

/**
 * POST /api/qr-token {seat_id, seat_code, token, lat, lng, accuracy or skip_location_check}: the
 * renewal after a refused order (decision 153). The phone shows the seat's code and its current
 * token (even one ended with staff's waiver); the new token replaces it, a few times an hour at
 * most (429 `renewal_limit`). The location rule is check-in's.
 */
export const action = jsonCall({
  body: z.object({ seat_id: seatIdSchema, seat_code: seatCodeSchema.optional(), token: visitSecretSchema, ...positionFields }),
  errors: tableErrors,
  async handle({ body, services, correlationId }) {
    const visit = await services.table.renewToken({
      seatId: body.seat_id,
      seatCode: body.seat_code ?? null,
      token: body.token,
      position: positionOf(body),
      correlationId,
    });
    return { success: true as const, token: visit.token, reservation_id: visit.reservationId, valid_until: visit.validUntil, seat_name: visit.seatName };
  },
});

export type Answer = AnswerOf<typeof action>;
