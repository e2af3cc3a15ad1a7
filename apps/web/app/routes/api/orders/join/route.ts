import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { visitSecretSchema } from '#app/table-order/call-schemas';
import { visitAnswer } from '#app/table-order/answers';
import { tableErrors } from '#app/table-order/call-errors';

/**
 * POST /api/orders/join {pass}: a phone uses a one-time pass (the QR staff showed when seating the
 * party, or a friend's invite; decisions 151, 152) and gets its table-order token at the pass's
 * seat, with no seat code and no location step. 401 `pass_invalid` when used, expired or unknown.
 */
export const action = jsonCall({
  body: z.object({ pass: visitSecretSchema }),
  errors: tableErrors,
  async handle({ body, services, correlationId }) {
    return visitAnswer(await services.table.joinWithPass({ pass: body.pass, correlationId }));
  },
});

export type Answer = AnswerOf<typeof action>;
