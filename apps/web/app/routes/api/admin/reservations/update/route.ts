import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { floorStatusSchema } from '@moncafe/domain/reservation/events';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { scheduleErrors } from '#app/schedule/answers.server';

const id = z.uuid();
/** HH:MM; the spec's form may send HH:MM:00. */
const time = z.union([
  timeOfDaySchema,
  z
    .string()
    .regex(/^\d\d:\d\d:00$/)
    .transform((t) => t.slice(0, 5))
    .pipe(timeOfDaySchema),
]);
/** The status form: the admin's pick in the detail modal (null or '' is "unset"). */
const statusForm = z.strictObject({
  id,
  status: z.union([floorStatusSchema, z.literal('').transform(() => null), z.null()]),
});
/**
 * The move form: seats and time (5-minute steps, checked by the service), optionally a new party
 * size. `detail` and `menu_id` are the spec's fields; the schedule sends them back unchanged, and
 * a change of course or options is refused (decision 110: the customer's order is theirs).
 */
const moveForm = z.strictObject({
  id,
  seat_ids: z.array(recordIdSchema).min(1).max(8),
  reservation_time: time,
  /** Another day (the detail's form); absent: the reservation's own day. */
  reservation_date: isoDateSchema.optional(),
  people: z.number().int().min(1).max(50).optional(),
  detail: z.unknown().optional(),
  menu_id: z.union([recordIdSchema, z.null()]).optional(),
  /** Where the screen showed it (decision 110): a move from a stale view is refused with `changed_elsewhere`. */
  expected: z.strictObject({ seat_ids: z.array(recordIdSchema).min(1).max(8), reservation_time: time }).optional(),
});

/**
 * POST /api/admin/reservations/update with {id, status} (admin only, spec §2) or {id, seat_ids,
 * reservation_time, people, detail, menu_id} (admin or monitor). The seating ledger decides a
 * move: '定員オーバーです', '他の予約と重なります' (live holds of customers included), open hours.
 * A refusal changes nothing and answers `{success: false, error, code, message, details}`.
 */
export const action = jsonCall({
  body: z.union([statusForm, moveForm]),
  errors: scheduleErrors,
  async handle({ body, services, caller, correlationId, readYourWrites }) {
    const signedIn = await caller();
    const actor = signedIn.id;
    if ('status' in body) {
      const result = await services.reservationStaff.setStatus({
        reservationId: body.id,
        status: body.status,
        actor,
        actorRoles: signedIn.roles,
        correlationId,
      });
      await readYourWrites(result.position);
      return { success: true as const };
    }
    const result = await services.reservationStaff.move({
      reservationId: body.id,
      seatIds: [...new Set(body.seat_ids)],
      time: body.reservation_time,
      ...(body.people !== undefined ? { people: body.people } : {}),
      ...(body.reservation_date !== undefined ? { date: body.reservation_date } : {}),
      ...(body.expected ? { expected: { seatIds: body.expected.seat_ids, time: body.expected.reservation_time } } : {}),
      course: { menuId: body.menu_id, detail: body.detail },
      actor,
      correlationId,
    });
    await readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
