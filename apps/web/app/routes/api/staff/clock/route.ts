import { z } from 'zod';
import { CLOCK_KINDS } from '@moncafe/domain/attendance/decider';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { attendanceErrors } from '#app/attendance/call-errors';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * POST /api/staff/clock {store_id, kind: 'in'|'break_start'|'break_end'|'out'} → {success,
 * record_id, at}: one press of the time clock for the signed-in staff member. A phone may send its
 * position (latitude, longitude, accuracy): the store's fence is a second signal (decision 568).
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    store_id: recordIdSchema,
    kind: z.enum(CLOCK_KINDS),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
  }),
  errors: attendanceErrors,
  async handle(input) {
    const { body } = input;
    const { context } = await actingUser(input, body.store_id);
    const position =
      body.latitude !== undefined && body.longitude !== undefined
        ? { latitude: body.latitude, longitude: body.longitude, accuracy: body.accuracy ?? null }
        : null;
    const result = await input.services.attendance.clock({ storeId: body.store_id, kind: body.kind, via: 'phone', position }, context);
    await input.readYourWrites(result.position);
    return { success: true, record_id: result.recordId, at: result.at };
  },
});

export type Answer = AnswerOf<typeof action>;
