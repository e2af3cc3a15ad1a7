import { z } from 'zod';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import { tokyoDateOf } from '@moncafe/domain/calendar/dates';
import type { DomainError } from '@moncafe/domain/decider';
import type { ErrorTable } from '#app/http/json.server';
import { adminStaffTexts as a } from '#app/staff-area/texts';

/** The body of both calls: the store the admin acts at, whose person it must be. */
export const staffLeavingBody = z.object({ store_id: recordIdSchema });

/** The refusals of removing and forgetting a staff member who left (decision 620). */
export const staffLeavingErrors: ErrorTable = {
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
