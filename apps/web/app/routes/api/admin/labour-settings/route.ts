import { labourSettingsSchema } from '@moncafe/domain/attendance/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { catalogErrors, storeQuery } from '#app/staff-area/calls.server';
import { actingUser } from '#app/staff-area/calls.server';
import { adminStaffFieldLabels } from '#app/staff-area/texts';

/** GET /api/admin/labour-settings?store_id (admin): the store's premium rates, minimum wage and fence rule (defaults until saved). */
export const loader = jsonCall({
  query: storeQuery,
  store: ({ query }) => query.store_id,
  handle: ({ query, queries }) => queries.attendance.settings(query.store_id),
});

/** PUT /api/admin/labour-settings {store_id, late_night_premium_percent, overtime_premium_percent, minimum_wage, outside_fence} (admin). */
export const action = jsonCall({
  methods: ['PUT'],
  idempotent: true,
  body: labourSettingsSchema,
  errors: catalogErrors,
  labels: adminStaffFieldLabels,
  async handle(input) {
    const { body } = input;
    const { context } = await actingUser(input, body.store_id);
    const saved = await input.services.catalog.save({ kind: 'labour', id: body.store_id, data: body }, context);
    await input.readYourWrites(saved.position);
    return { success: true };
  },
});

export type Answer = AnswerOf<typeof loader>;
