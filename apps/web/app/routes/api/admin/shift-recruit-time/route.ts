import { recruitTimesSchema } from '@moncafe/domain/shift/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingMember, actingUser, catalogErrors, storeQuery } from '#app/staff-area/calls.server';
import { adminStaffFieldLabels } from '#app/staff-area/texts';

/** GET /api/admin/shift-recruit-time?store_id: the store's recruit times (the defaults until set, `is_default`). */
export const loader = jsonCall({
  query: storeQuery,
  async handle(input) {
    await actingMember(input, input.query.store_id);
    return input.queries.shifts.recruitTimes(input.query.store_id);
  },
});

/** POST (admin): sets them; one record per store. */
export const action = jsonCall({
  body: recruitTimesSchema,
  errors: catalogErrors,
  labels: adminStaffFieldLabels,
  async handle(input) {
    const { context } = await actingUser(input, input.body.store_id);
    const result = await input.services.catalog.save({ kind: 'recruit-times', id: input.body.store_id, data: input.body }, context);
    await input.readYourWrites(result.position);
    return { success: true };
  },
});

export type Answer = AnswerOf<typeof loader>;
