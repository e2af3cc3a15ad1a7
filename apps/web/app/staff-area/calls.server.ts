import { z } from 'zod';
import { requireStoreStaff } from '@moncafe/domain/account/store-membership';
import type { CommandContext } from '@moncafe/domain/command-handler';
import { recordIdSchema } from '@moncafe/domain/catalog/kinds';
import type { CatalogIssue } from '@moncafe/domain/catalog/decider';
import { DomainError } from '@moncafe/domain/decider';
import { SUBMITTABLE_MONTHS } from '@moncafe/domain/shift/rules';
import { authTexts } from '#app/auth/texts';
import { jsonCall, refuse, type CallInput, type ErrorAnswer, type ErrorTable, type JsonCall } from '#app/http/json.server';
import { catalogIssueText, labelOf, type FieldLabels } from '#app/http/field-errors';
import { fieldTexts } from '#app/http/texts';
import { adminStaffFieldLabels, adminStaffTexts as a, staffTexts as t } from './texts';

/**
 * What the staff area's calls share (the routes under /api for shifts, checklists, purchasing,
 * recipes and serve methods): who acts, the store a call names, and the spec's words for each
 * refusal. The route table has let the caller in already; these read who they are.
 */

/** `?store_id=` of every store-scoped read (the spec filters by store; we do it on the server). */
export const storeQuery = z.object({ store_id: recordIdSchema });

/** The body of a removal: `DELETE` with `{ "remove": true }`. */
export const removeBody = z.object({ remove: z.literal(true) });

/** The signed-in user, and the command context their command carries (actor = their account). */
export async function actingUser(input: Pick<CallInput<unknown, unknown>, 'user' | 'correlationId'>, storeId: string | null = null) {
  const user = await input.user();
  if (!user) return refuse(401, authTexts.unauthenticated);
  const context: CommandContext = { correlationId: input.correlationId, actor: user.id, storeId };
  return { user, context, isAdmin: user.roles.includes('admin') };
}

/**
 * The signed-in user, who must be on `storeId`'s staff list unless an admin — the one membership
 * rule (domain/src/account/store-membership.ts) that shifts, checklists and supplier passwords
 * keep too — for every store-bound staff call; 403 otherwise (docs/security.md, decision 162).
 */
export async function actingMember(input: Pick<CallInput<unknown, unknown>, 'user' | 'correlationId' | 'queries'>, storeId: string) {
  const acting = await actingUser(input, storeId);
  try {
    await requireStoreStaff({ isStoreStaff: input.queries.storeStaff.includes }, storeId, { accountId: acting.user.id, admin: acting.isAdmin });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_store_staff') return refuse(403, a.notStoreStaff);
    throw error;
  }
  return acting;
}

/** A store-bound staff read: `GET …?store_id`, the caller on that store's staff (or an admin), then the read. */
export function storeRead<A>(read: (queries: CallInput<unknown, unknown>['queries'], storeId: string) => Promise<A>): JsonCall<A> {
  return jsonCall({
    query: storeQuery,
    async handle(input) {
      await actingMember(input, input.query.store_id);
      return read(input.queries, input.query.store_id);
    },
  });
}

const detail = (e: DomainError, key: string) => String(e.details[key] ?? '');

/** Refusals of the shift calls, in the spec's words where it has them (operations.md §5, §8). */
export const shiftErrors: ErrorTable = {
  shift_too_old: { status: 409, error: t.tooOld },
  shift_not_imported: { status: 409, error: t.notImported },
  shift_not_found: { status: 404, error: t.notImported },
  shift_reason_required: { status: 400, error: t.reasonRequired, field: 'reason' },
  shift_changed: { status: 409, error: t.shiftChanged },
  shift_end_not_after_start: (e) => ({ status: 400, error: t.endNotAfterStart(detail(e, 'date')), field: 'shifts' }),
  shift_nothing_submitted: { status: 400, error: a.nothingSubmitted, field: 'shifts' },
  shift_month_closed: { status: 409, error: a.monthClosed },
  shift_month_not_open: { status: 400, error: a.monthNotOpen(SUBMITTABLE_MONTHS - 1), field: 'shifts' },
  shift_time_not_offered: (e) => ({ status: 400, error: a.timeNotOffered(detail(e, 'date')), field: 'shifts' }),
  shift_date_past: (e) => ({ status: 409, error: a.datePast(detail(e, 'date')) }),
  shift_date_outside_month: { status: 400, error: a.dateOutsideMonth, field: 'shifts' },
  shift_duplicate_date: { status: 400, error: a.duplicateDate, field: 'shifts' },
  shift_nothing_to_import: { status: 409, error: a.nothingToImport },
  shift_exists: { status: 409, error: a.shiftExists },
  not_store_staff: { status: 409, error: a.notStoreStaff },
  shift_not_yours: { status: 403, error: a.shiftNotYours },
};

/**
 * A refused record's first problem in the owner's words, the field named by the editor's label
 * (`labels`), never its key nor the schema's English.
 */
export function recordRefusal(labels: FieldLabels): (e: DomainError) => ErrorAnswer {
  return (e) => {
    const issue = (e.details.issues as CatalogIssue[] | undefined)?.[0];
    if (!issue) return { status: 400, error: a.saveFailed(e.code), field: 'data' };
    const field = issue.path.join('.') || 'data';
    return { status: 400, error: catalogIssueText(issue, labelOf(field, labels) ?? fieldTexts.wholeForm), field };
  };
}

/** Refusals of the admin editors' saves: the first problem with the record, a record that is gone, a photo not uploaded. */
export const catalogErrors: ErrorTable = {
  invalid_record: recordRefusal(adminStaffFieldLabels),
  not_found: { status: 404, error: t.loadFailed },
  mixed_stores: { status: 400, error: a.chooseStore },
  photo_not_found: { status: 400, error: a.photoNotFound },
  account_not_found: { status: 404, error: a.accountNotFound },
  supplier_not_found: { status: 404, error: t.loadFailed },
  task_not_found: { status: 404, error: t.loadFailed },
  not_store_staff: { status: 403, error: a.notStoreStaff },
};
