import { z } from 'zod';
import { CLOCK_KINDS } from '@moncafe/domain/attendance/decider';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { rateLimits } from '@moncafe/infra/auth/rate-limit';
import { attendanceErrors } from '#app/attendance/call-errors';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * POST /api/staff/clock/tablet {store_id, user_id, pin, kind} → {success, record_id, at}: a press
 * on the store's shared tablet (/staff/clock, decision 612) for the person chosen on it, proved by
 * their PIN. The tablet's session is a staff-area one of that store; every try counts against the
 * person's limits at the store, right or wrong, so a PIN cannot be guessed in bulk.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ store_id: recordIdSchema, user_id: recordIdSchema, pin: z.string().max(12), kind: z.enum(CLOCK_KINDS) }),
  limits: ({ body }) => [
    { key: `clock-pin:${body.store_id}:${body.user_id}`, ...rateLimits.clockPinTries },
    { key: `clock-pin-day:${body.store_id}:${body.user_id}`, ...rateLimits.clockPinTriesPerDay },
  ],
  errors: attendanceErrors,
  async handle(input) {
    const { body } = input;
    const { context } = await actingUser(input, body.store_id);
    const result = await input.services.attendance.clockWithPin({ storeId: body.store_id, userId: body.user_id, pin: body.pin, kind: body.kind }, context);
    await input.readYourWrites(result.position);
    return { success: true, record_id: result.recordId, at: result.at };
  },
});

export type Answer = AnswerOf<typeof action>;
