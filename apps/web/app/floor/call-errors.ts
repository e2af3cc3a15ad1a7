import type { DomainError } from '@moncafe/domain/decider';
import { errorsByLanguage, type ErrorTable } from '#app/http/json.server';
import type { Messages } from '#app/i18n/language';
import { tableErrors } from '#app/table-order/call-errors';
import { localizedGuestBarTexts, type guestBarTexts } from '#app/table-order/texts';
import { floorTexts as t } from './texts';

/** The staff call's limits (decision 281) in one language's words. */
const callLimitsIn = (texts: Messages<typeof guestBarTexts>): ErrorTable => ({
  call_too_soon: (error: DomainError) => ({
    status: 429,
    answer: { success: false, error: 'call_too_soon', message: texts.callTooSoon, retry_after: Number(error.details.retryAfterSeconds ?? 30) },
  }),
  too_many_calls: { status: 429, answer: { success: false, error: 'too_many_calls', message: texts.tooManyCalls } },
});

/** The table's codes plus the staff call's limits, in the guest's language (decision 392). */
export const floorCallErrors: ErrorTable = {
  ...tableErrors,
  ...errorsByLanguage({ ja: callLimitsIn(localizedGuestBarTexts.ja), en: callLimitsIn(localizedGuestBarTexts.en) }),
  unknown_call: { status: 404, answer: { success: false, error: 'unknown_call', message: t.unknownCall } },
};

const refused = (status: number, error: string, message: string) => ({ status, answer: { success: false, error, message } });

/** A merge's refusals and its undo's (decision 370), each with its own words. */
export const mergeCallErrors: ErrorTable = {
  not_adjoining: refused(409, 'not_adjoining', t.mergeNotAdjoining),
  checked_out: refused(409, 'checked_out', t.mergeCheckedOut),
  different_stores: refused(409, 'different_stores', t.mergeDifferentStores),
  different_days: refused(409, 'different_days', t.mergeDifferentDays),
  over_capacity: refused(409, 'over_capacity', t.mergeOverCapacity),
  overlap: refused(409, 'overlap', t.mergeOverlap),
  already_merged: refused(409, 'already_merged', t.mergeAlreadyMerged),
  same_party: refused(400, 'same_party', t.mergeSameParty),
  not_merged: refused(409, 'not_merged', t.mergeNotMerged),
  not_last_merge: refused(409, 'not_last_merge', t.mergeNotLast),
  not_found: refused(404, 'not_found', t.mergeNotHere),
  booking_not_found: refused(404, 'booking_not_found', t.mergeNotHere),
  visit_ended: refused(409, 'visit_ended', t.mergeCheckedOut),
};
