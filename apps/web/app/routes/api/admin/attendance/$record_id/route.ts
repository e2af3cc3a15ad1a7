import { z } from 'zod';
import { timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { attendanceErrors } from '#app/attendance/call-errors';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser } from '#app/staff-area/calls.server';

/** `HH:MM` on the record's day (an out at or before the in is the next morning), or an instant with its offset. */
const timeSchema = z.union([timeOfDaySchema.transform((time) => ({ time })), z.iso.datetime({ offset: true }).transform((at) => ({ at }))]);

/**
 * PUT /api/admin/attendance/{record_id} {in?, out?, break_minutes?, reason} (admin): corrects a
 * clock record, refused without a reason; the correction is an event with who, when, before,
 * after and reason. `store_id`, when sent, must be the record's store.
 */
export const action = jsonCall({
  methods: ['PUT'],
  idempotent: true,
  body: z.object({
    in: timeSchema.optional(),
    out: timeSchema.optional(),
    break_minutes: z
      .int()
      .min(0)
      .max(24 * 60)
      .optional(),
    reason: z.string().max(500).default(''),
    store_id: recordIdSchema.optional(),
  }),
  errors: attendanceErrors,
  async handle(input) {
    const { body, params } = input;
    const { context } = await actingUser(input, body.store_id ?? null);
    const result = await input.services.attendance.correct(
      {
        recordId: params.record_id ?? '',
        storeId: body.store_id ?? null,
        ...(body.in ? { in: body.in } : {}),
        ...(body.out ? { out: body.out } : {}),
        ...(body.break_minutes !== undefined ? { breakMinutes: body.break_minutes } : {}),
        reason: body.reason,
      },
      context,
    );
    await input.readYourWrites(result.position);
    return { success: true, changed: result.changed };
  },
});

export type Answer = AnswerOf<typeof action>;
