import type { DomainError } from '@moncafe/domain/decider';
import type { ErrorTable } from '#app/http/json.server';
import { tableErrors } from '#app/table-order/call-errors';
import { floorTexts as t } from './texts';

/** The table's codes plus the staff call's limits (decision 281). */
export const floorCallErrors: ErrorTable = {
  ...tableErrors,
  call_too_soon: (error: DomainError) => ({
    status: 429,
    answer: { success: false, error: 'call_too_soon', message: t.callTooSoon, retry_after: Number(error.details.retryAfterSeconds ?? 30) },
  }),
  too_many_calls: { status: 429, answer: { success: false, error: 'too_many_calls', message: t.tooManyCalls } },
};
