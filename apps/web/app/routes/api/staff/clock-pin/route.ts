import { z } from 'zod';
import { attendanceErrors } from '#app/attendance/call-errors';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';

/**
 * PUT /api/staff/clock-pin {pin} → {success}: the signed-in person sets (or replaces) their PIN for
 * the store's tablet (decision 612). Only its hash is kept; it is never shown again.
 */
export const action = jsonCall({
  methods: ['PUT'],
  body: z.object({ pin: z.string().max(12) }),
  errors: attendanceErrors,
  async handle(input) {
    const { context } = await actingUser(input);
    await input.services.attendance.setPin({ pin: input.body.pin }, context);
    return { success: true };
  },
});

export type Answer = AnswerOf<typeof action>;
