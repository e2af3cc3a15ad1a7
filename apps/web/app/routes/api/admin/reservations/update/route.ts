import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { floorStatusSchema } from '@moncafe/domain/reservation/events';
import { DomainError } from '@moncafe/domain/decider';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { scheduleErrors } from '#app/schedule/answers.server';

const id = z.uuid();
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, 'HH:MM');
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
  async handle({ body, services, queries, user, correlationId, readYourWrites }) {
    const signedIn = await user();
    const actor = signedIn?.id ?? 'staff';
    if ('status' in body) {
      if (!signedIn?.roles.includes('admin')) throw new DomainError('admin_only');
      const result = await services.reservationStaff.setStatus({ reservationId: body.id, status: body.status, actor, correlationId });
      await readYourWrites(result.position);
      return { success: true as const };
    }
    const current = await queries.reservations.get(body.id);
    if (!current) throw new DomainError('not_found');
    const detailChanged = body.detail !== undefined && JSON.stringify(body.detail) !== JSON.stringify(current.detail);
    const menuChanged = body.menu_id !== undefined && body.menu_id !== current.menu_id;
    if (detailChanged || menuChanged) throw new DomainError('course_fixed');
    const result = await services.reservationStaff.move({
      reservationId: body.id,
      seatIds: [...new Set(body.seat_ids)],
      time: body.reservation_time.slice(0, 5),
      ...(body.people !== undefined ? { people: body.people } : {}),
      ...(body.reservation_date !== undefined ? { date: body.reservation_date } : {}),
      ...(body.expected ? { expected: { seatIds: body.expected.seat_ids, time: body.expected.reservation_time } } : {}),
      actor,
      correlationId,
    });
    await readYourWrites(result.position);
    return { success: true as const };
  },
});

export type Answer = AnswerOf<typeof action>;
