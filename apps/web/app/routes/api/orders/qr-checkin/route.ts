import { z } from 'zod';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { peopleSchema, positionFields, positionOf, reservationNumberSchema, seatCodeSchema, seatIdSchema } from '#app/table-order/call-schemas';
import { visitAnswer } from '#app/table-order/answers';
import { tableErrors } from '#app/table-order/call-errors';
import { languageOf, textsIn } from '#app/i18n/language';
import { localizedOrderTexts } from '#app/table-order/texts';
import { staffOf } from '#app/table-order/visit-auth.server';

/**
 * POST /api/orders/qr-checkin {seat_id, seat_code, number_of_people, lat, lng, accuracy,
 * reservation_number?}: checks the phone in at the seat and answers its table-order token. The
 * seat's printed code comes first (401 `seat_code_invalid` without it, whatever the position,
 * decision 150); the geofence is a second signal, checked here on the server. Joins the booking at
 * the seat now only with its reservation number (`is_existing: true`, decision 152) or seats a
 * walk-in. Signed-in staff skip the code, hours and location.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    seat_id: seatIdSchema,
    seat_code: seatCodeSchema.optional(),
    number_of_people: peopleSchema,
    reservation_number: reservationNumberSchema.optional(),
    ...positionFields,
  }),
  // Reservation numbers are short (decision 100): a client typing many is slowed (decision 152).
  limits: ({ body, clientAddress }) =>
    body.reservation_number && clientAddress ? [{ key: `reservation-number:ip:${clientAddress}`, ...rateLimits.reservationNumberPerIp }] : [],
  errors: tableErrors,
  async handle(input) {
    const { body, services, correlationId } = input;
    const visit = await services.table.checkIn({
      seatId: body.seat_id,
      seatCode: body.seat_code ?? null,
      people: body.number_of_people,
      reservationNumber: body.reservation_number || null,
      position: positionOf(body),
      staff: await staffOf(input),
      correlationId,
    });
    return {
      ...visitAnswer(visit),
      is_existing: visit.isExisting,
      message: textsIn(localizedOrderTexts, languageOf(input.request)).checkedIn(visit.seatName, body.number_of_people),
    };
  },
});

export type Answer = AnswerOf<typeof action>;
