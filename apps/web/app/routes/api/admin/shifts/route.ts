import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser, shiftErrors } from '#app/staff-area/calls.server';

/** POST /api/admin/shifts {store_id, user_id, shift_date, start_time, end_time} (admin): a shift put into the schedule directly. */
export const action = jsonCall({
  idempotent: true,
  body: z.object({ store_id: recordIdSchema, user_id: recordIdSchema, shift_date: isoDateSchema, start_time: timeOfDaySchema, end_time: timeOfDaySchema }),
  errors: shiftErrors,
  async handle(input) {
    const { body } = input;
    const { context } = await actingUser(input, body.store_id);
    const result = await input.services.shifts.add(
      { storeId: body.store_id, userId: body.user_id, date: body.shift_date, start: body.start_time, end: body.end_time },
      context,
    );
    await input.readYourWrites(result.position);
    return { success: true, id: result.shiftId };
  },
});

export type Answer = AnswerOf<typeof action>;
