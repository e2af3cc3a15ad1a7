import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { peopleSchema, positionFields, positionOf, seatIdSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { orderTexts as t } from '#app/table-order/texts';
import { staffOf } from '#app/table-order/visit-auth.server';

/**
 * POST /api/orders/qr-checkin {seat_id, number_of_people, lat, lng, accuracy}: checks the phone in
 * at the seat (the geofence is checked here, on the server) and answers its table-order token.
 * Joins the booking at the seat now (`is_existing: true`) or seats a walk-in. 403
 * `location_required` / `outside_geofence` (spec §8); signed-in staff skip hours and location.
 */
export const action = jsonCall({
  body: z.object({ seat_id: seatIdSchema, number_of_people: peopleSchema, ...positionFields }),
  errors: tableErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    const visit = await services.table.checkIn({
      seatId: body.seat_id,
      people: body.number_of_people,
      position: positionOf(body),
      staff: await staffOf(input),
      correlationId,
    });
    return {
      success: true as const,
      reservation_id: visit.reservationId,
      is_existing: visit.isExisting,
      message: t.checkedIn(visit.seatName, body.number_of_people),
      token: visit.token,
      valid_until: visit.validUntil,
      store_id: visit.storeId,
      seat_id: visit.seatId,
      seat_name: visit.seatName,
    };
  },
});

export type Answer = AnswerOf<typeof action>;
