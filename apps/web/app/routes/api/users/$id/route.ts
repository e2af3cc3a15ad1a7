import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { actingUser, catalogErrors } from '#app/staff-area/calls.server';
import { adminStaffFieldLabels } from '#app/staff-area/texts';

const assign = z.object({ store_id: recordIdSchema, wage: z.int().min(0).max(100_000).nullable() });
const unassign = z.object({ store_id: recordIdSchema, remove: z.literal(true) });

/**
 * PUT /api/users/{accountId} {store_id, wage}: the account works at the store with this hourly
 * wage (admin). DELETE {store_id, remove: true}: takes it off the store's staff.
 */
export const action = jsonCall({
  methods: ['PUT', 'DELETE'],
  body: z.union([unassign, assign]),
  // A store that does not exist has no staff list to join (404 `unknown_store`).
  store: ({ body }) => body.store_id,
  errors: catalogErrors,
  labels: adminStaffFieldLabels,
  async handle(input) {
    const { body, params, services } = input;
    const { context } = await actingUser(input, body.store_id);
    const who = { storeId: body.store_id, accountId: params.id ?? '' };
    const result = 'wage' in body ? await services.staffList.assign({ ...who, wage: body.wage }, context) : await services.staffList.remove(who, context);
    await input.readYourWrites(result.position);
    return { success: true };
  },
});

export type Answer = AnswerOf<typeof action>;
