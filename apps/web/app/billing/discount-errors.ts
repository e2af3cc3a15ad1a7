import type { ErrorAnswer, ErrorTable } from '#app/http/json.server';
import { billingErrors } from './call-errors';
import { discountTexts as t } from './texts';

const refusal = (status: number, error: string, message: string, field?: string): ErrorAnswer => ({
  status,
  answer: { success: false, error, message, ...(field ? { field } : {}) },
});

/** The discount calls' refusals (decision 642), over billing's and the table's: each names its field and says what to do. */
export const discountErrors: ErrorTable = {
  ...billingErrors,
  reason_required: refusal(400, 'reason_required', t.reasonRequired, 'reason'),
  discount_invalid: refusal(400, 'discount_invalid', t.invalid, 'value'),
  discount_percent_over: refusal(400, 'discount_percent_over', t.percentOver, 'value'),
  discount_above_bill: refusal(400, 'discount_above_bill', t.aboveBill, 'value'),
  discount_order_unknown: refusal(404, 'discount_order_unknown', t.orderUnknown, 'order_id'),
  nothing_to_discount: refusal(409, 'nothing_to_discount', t.nothingToDiscount),
  discount_unknown: refusal(404, 'discount_unknown', t.unknown, 'discount_id'),
  visit_ended: refusal(409, 'visit_ended', t.afterCheckout),
  split_started: refusal(409, 'split_started', t.partPaid),
};
