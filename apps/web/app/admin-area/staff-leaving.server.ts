import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { DomainError } from '@moncafe/domain/decider';
import { jsonCall, type ErrorTable } from '#app/http/json.server';
import { adminStaffTexts as a } from '#app/staff-area/texts';

/** The refusals of removing and forgetting a staff member who left (decision 620). */
const staffLeavingErrors: ErrorTable = {
  account_not_found: { status: 404, error: a.accountNotFound },
  // Another store's person is not found from this store.
  not_store_staff: { status: 404, error: a.accountNotFound },
  not_staff: { status: 409, error: a.notStaff },
  own_account: { status: 409, error: a.ownAccount },
  staff_not_removed: { status: 409, error: a.staffNotRemoved },
  retention_not_over: (error: DomainError) => ({
    status: 409,
    error: a.retentionNotOver(tokyoDateOf(new Date(String(error.details['until'])))),
  }),
};

/**
 * The two admin calls of a staff member who left (decision 620), `{store_id}` naming the store
 * the admin acts at, whose person it must be: `remove` (they sign in no more) and `forget` (after
 * the retention). Both are safe to resend.
 */
export function staffLeavingCall<Step extends 'remove' | 'forget'>(step: Step) {
  return jsonCall({
    body: z.object({ store_id: recordIdSchema }),
    errors: staffLeavingErrors,
    idempotent: true,
    async handle({ body, params, caller, services, correlationId, readYourWrites }) {
      const admin = await caller();
      const { position, ...outcome } = await services.staffLeaving[step](
        { accountId: params.id ?? '', storeId: body.store_id, by: admin.id },
        { correlationId, actor: admin.id, storeId: body.store_id },
      );
      await readYourWrites(position);
      return { success: true as const, ...outcome };
    },
  });
}
