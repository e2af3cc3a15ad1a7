import { z } from 'zod';
import { jsonCall, type AnswerOf } from '#app/http/json.server';
import { text } from '#app/http/text-schema';
import { correctionErrors, receiptCallOf } from '#app/billing/call-errors';
import { paymentMethodSchema } from '#app/table-order/call-schemas';

/** A field left out stays as the receipt has it; an empty one is cleared. */
const changed = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/**
 * POST /api/receipts/{id}/correct {reason, addressee?, proviso?, payment_method?} (admin or monitor,
 * decision 648): the 赤伝 of the receipt and its corrected receipt in one go, numbered one after the
 * other, each naming the other; the amounts stay the sale's.
 */
export const action = jsonCall({
  idempotent: true,
  body: z.object({
    // A missing or blank reason is the domain's refusal, in the staff's words.
    reason: text({ max: 200 }).optional(),
    addressee: text({ max: 60 }).nullable().optional(),
    proviso: text({ max: 60 }).nullable().optional(),
    payment_method: paymentMethodSchema.optional(),
  }),
  errors: correctionErrors,
  async handle(input) {
    const { receiptId, actor } = await receiptCallOf(input);
    const { body } = input;
    const done = await input.services.billing.correct({
      receiptId,
      reason: body.reason ?? '',
      changes: { addressee: changed(body.addressee), proviso: changed(body.proviso), paymentMethod: body.payment_method },
      actor,
      correlationId: input.correlationId,
    });
    await input.readYourWrites(done.position);
    return {
      success: true as const,
      cancellation: { receipt_id: done.cancellation.receiptId, number: done.cancellation.number },
      corrected: { receipt_id: done.corrected.receiptId, number: done.corrected.number },
    };
  },
});

export type Answer = AnswerOf<typeof action>;
