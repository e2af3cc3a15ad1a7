import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { peopleSchema, seatIdSchema } from '#app/table-order/call-schemas';
import { tableErrors } from '#app/table-order/call-errors';
import { passQr } from '#app/table-order/seat-qr.server';

/**
 * POST /api/orders/seat-party {seat_id, number_of_people, until_next_booking?} (monitor/admin, decision 151): staff seat
 * a party at a seat — the booking there now, or a walk-in — and get a one-time QR for the tablet:
 * the guest's phone scans it and orders with no location step.
 */
export const action = jsonCall({
  body: z.object({
    seat_id: seatIdSchema,
    number_of_people: peopleSchema,
    /** Staff were told of the seat's next booking and seat the party until then (decision 674); otherwise such a seat is refused. */
    until_next_booking: z.boolean().optional(),
  }),
  errors: tableErrors,
  async handle({ body, services, caller, correlationId, runtime }) {
    const staff = await caller();
    const seated = await services.table.seatParty({
      seatId: body.seat_id,
      people: body.number_of_people,
      actor: staff.id,
      correlationId,
      untilNextBooking: body.until_next_booking === true,
    });
    return {
      success: true as const,
      reservation_id: seated.reservationId,
      is_existing: seated.isExisting,
      seat_name: seated.seatName,
      expires_at: seated.expiresAt,
      ...(await passQr(runtime.config.publicUrl, seated.pass)),
    };
  },
});

export type Answer = AnswerOf<typeof action>;
