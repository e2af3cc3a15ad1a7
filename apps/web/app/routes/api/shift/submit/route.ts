import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, shiftErrors } from '#app/staff-area/calls.server';

/**
 * POST /api/shift/submit {store_id, user_id, shifts: [{shift_date, start_time, end_time}]}: one
 * person's wishes for days of one month (rows with both times; the screen sends only those) —
 * the signed-in person's own, unless an admin submits for someone.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    store_id: recordIdSchema,
    user_id: recordIdSchema,
    shifts: z.array(z.object({ shift_date: isoDateSchema, start_time: timeOfDaySchema, end_time: timeOfDaySchema })).max(31),
  }),
  errors: shiftErrors,
  async handle(input) {
    const { body } = input;
    const { context, isAdmin } = await actingMember(input, body.store_id);
    const shifts = body.shifts.map((s) => ({ date: s.shift_date, start: s.start_time, end: s.end_time }));
    const result = await input.services.shifts.submit({ storeId: body.store_id, userId: body.user_id, shifts, submitter: { admin: isAdmin } }, context);
    await input.readYourWrites(result.position);
    return { success: true, submitted: result.submitted };
  },
});

export type Answer = AnswerOf<typeof action>;
