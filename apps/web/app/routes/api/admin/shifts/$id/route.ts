import { z } from 'zod';
import { isoDateSchema, timeOfDaySchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { shiftFieldSchema } from '@moncafe/domain/shift/events';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, shiftErrors } from '#app/staff-area/calls.server';

/**
 * PUT /api/admin/shifts/{id} {shift_type, before_value, after_value, reason, user_id, shift_date,
 * store_id}: corrects one end of a scheduled shift, with the reason (staff or admin). The spec's
 * start_time / end_time may come along; the change is the one named by shift_type.
 */
export const action = jsonCall({
  methods: ['PUT'],
  idempotent: true,
  body: z.object({
    store_id: recordIdSchema,
    user_id: recordIdSchema,
    shift_date: isoDateSchema,
    shift_type: shiftFieldSchema,
    before_value: timeOfDaySchema,
    after_value: timeOfDaySchema,
    reason: z.string().max(500),
    start_time: z.string().optional(),
    end_time: z.string().optional(),
  }),
  errors: shiftErrors,
  async handle(input) {
    const { body, params } = input;
    const { context } = await actingMember(input, body.store_id);
    const result = await input.services.shifts.correct(
      {
        shiftId: params.id ?? '',
        storeId: body.store_id,
        userId: body.user_id,
        date: body.shift_date,
        field: body.shift_type,
        before: body.before_value,
        after: body.after_value,
        reason: body.reason,
      },
      context,
    );
    await input.readYourWrites(result.position);
    return { success: true, changed: result.changed };
  },
});

export type Answer = AnswerOf<typeof action>;
