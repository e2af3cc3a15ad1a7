import { z } from 'zod';
import type { CallInput } from '#app/http/json.server';
import { text } from '#app/http/text-schema';
import { paymentMethodSchema, uuidSchema } from '#app/table-order/call-schemas';
import { tableAuthOf } from '#app/table-order/visit-auth.server';
import { receiptPath } from './receipt-link.server';

/**
 * What the two payment calls share (POST /api/orders/checkout and /api/orders/split/pay): the
 * visit, the method and the receipt's wording (宛名 and 但し書き, decision 240) in; the paid receipt out.
 */
export const paymentFields = {
  reservation_id: uuidSchema,
  payment_method: paymentMethodSchema,
  // Printed on the receipt and its PDF: one line each, no control or bidi characters.
  addressee: text({ max: 60 }).optional(),
  proviso: text({ max: 60 }).optional(),
  // Cash handed over (お預かり, decision 640): whole yen; the server checks it covers the total.
  tendered: z.number().int().min(0).max(10_000_000).optional(),
};

type PaymentBody = {
  reservation_id: string;
  payment_method: z.infer<typeof paymentMethodSchema>;
  addressee?: string | undefined;
  proviso?: string | undefined;
  tendered?: number | undefined;
};

/** The payment as the billing service takes it, once the read model has every write (orders placed a moment ago are in the bill). */
export async function paymentOf(input: Pick<CallInput<PaymentBody, unknown>, 'body' | 'request' | 'user' | 'correlationId' | 'readAllWrites'>) {
  const { body } = input;
  await input.readAllWrites();
  return {
    reservationId: body.reservation_id,
    auth: await tableAuthOf(input),
    method: body.payment_method,
    addressee: body.addressee || null,
    proviso: body.proviso || null,
    tendered: body.tendered ?? null,
    correlationId: input.correlationId,
  };
}

/** A paid receipt in a call's answer: its id, its number and the guest's link to it. */
export function receiptAnswer(input: Pick<CallInput<unknown, unknown>, 'runtime'>, receipt: { receiptId: string; number: number }) {
  return { receipt_id: receipt.receiptId, receipt_number: receipt.number, receipt_url: receiptPath(input.runtime.signing, receipt.receiptId) };
}
