import { z } from 'zod';
import { DomainError } from '@moncafe/domain/decider';
import { errorsByLanguage, type CallInput, type ErrorAnswer, type ErrorTable } from '#app/http/json.server';
import type { Messages } from '#app/i18n/language';
import { tableErrors } from '#app/table-order/call-errors';
import { localizedBillingRefusals, type billingRefusals } from './texts';

const answer = (status: number, error: string, message: string): ErrorAnswer => ({ status, answer: { success: false, error, message } });

const billingErrorsIn = (t: Messages<typeof billingRefusals>): ErrorTable => ({
  nothing_to_split: answer(409, 'nothing_to_split', t.nothingToSplit),
  split_mismatch: answer(400, 'split_mismatch', t.splitMismatch),
  split_started: answer(409, 'split_started', t.splitStarted),
  not_split: answer(409, 'not_split', t.notSplit),
  unknown_part: answer(404, 'unknown_part', t.unknownPart),
  // A visit is "not found" only for staff, who name it by id: a guest's dead or foreign token is `invalid_token`.
  not_found: answer(404, 'not_found', t.visitNotFound),
  receipt_not_found: answer(404, 'receipt_not_found', t.receiptNotFound),
  receipt_cancelled: answer(409, 'receipt_cancelled', t.receiptCancelled),
  not_a_sale: answer(409, 'not_a_sale', t.notASale),
  tendered_short: answer(400, 'tendered_short', t.tenderedShort),
  tendered_not_cash: answer(400, 'tendered_not_cash', t.tenderedNotCash),
});

/** A correction's own refusals (decision 648), beside the receipt calls'. */
const correctionErrorsIn = (t: Messages<typeof billingRefusals>): ErrorTable => ({
  reason_required: answer(400, 'reason_required', t.correctionReasonRequired),
  correction_unchanged: answer(400, 'correction_unchanged', t.correctionUnchanged),
});

/**
 * The billing service's codes (decision 240) beside the table's, as the receipt and split calls
 * answer them, in the request's language (decision 394) as the table's are.
 */
export const billingErrors: ErrorTable = {
  ...tableErrors,
  ...errorsByLanguage({ ja: billingErrorsIn(localizedBillingRefusals.ja), en: billingErrorsIn(localizedBillingRefusals.en) }),
};

/** POST /api/receipts/{id}/correct's refusals: the receipt calls' and the correction's own. */
export const correctionErrors: ErrorTable = {
  ...billingErrors,
  ...errorsByLanguage({ ja: correctionErrorsIn(localizedBillingRefusals.ja), en: correctionErrorsIn(localizedBillingRefusals.en) }),
};

/**
 * A staff call on one receipt (`/api/receipts/{id}/…`): the receipt's id and the signed-in
 * actor, once the read model has caught up; a bad id or no session is `receipt_not_found`, worded
 * as the service's own refusal.
 */
export async function receiptCallOf(input: Pick<CallInput<unknown, unknown>, 'params' | 'user' | 'readAllWrites'>) {
  const receiptId = z.uuid().safeParse(input.params.id);
  const user = await input.user();
  if (!receiptId.success || !user) throw new DomainError('receipt_not_found');
  await input.readAllWrites();
  return { receiptId: receiptId.data, actor: user.id };
}
