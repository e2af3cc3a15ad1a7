import { yearMonthSchema } from '@moncafe/domain/calendar/date-schemas';
import { z } from 'zod';
import { isoDateSchema } from '@moncafe/domain/calendar/date-schemas';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser, shiftErrors } from '#app/staff-area/calls.server';

/**
 * POST /api/admin/shifts/import {store_id, month, user_ids?, dates?} (admin): puts submitted
 * wishes into the month's schedule — everyone's and every day when nothing is named.
 */
export const action = jsonCall({
  body: z.object({
    store_id: recordIdSchema,
    month: yearMonthSchema,
    user_ids: z.array(recordIdSchema).max(200).nullable().default(null),
    dates: z.array(isoDateSchema).max(31).nullable().default(null),
  }),
  errors: shiftErrors,
  async handle(input) {
    const { body } = input;
    const { context } = await actingUser(input, body.store_id);
    const result = await input.services.shifts.importSubmissions(
      { storeId: body.store_id, month: body.month, userIds: body.user_ids, dates: body.dates },
      context,
    );
    await input.readYourWrites(result.position);
    return { success: true, imported: result.imported };
  },
});

export type Answer = AnswerOf<typeof action>;
