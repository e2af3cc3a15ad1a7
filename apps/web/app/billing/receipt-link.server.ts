import { z } from 'zod';
import type { Signing } from '@moncafe/infra/auth/signing';

/**
 * The guest's link to a receipt (decision 240): `/receipts/{id}?key=…`, the key a signature of
 * the receipt id with the session secret. The visit's token dies at checkout, so the thank-you
 * screen's link carries its own proof, good for that receipt only.
 */
export function receiptKey(signing: Signing, receiptId: string): string {
  return signing.sign(`receipt:${receiptId}`);
}

export function receiptPath(signing: Signing, receiptId: string): string {
  return `/receipts/${receiptId}?key=${receiptKey(signing, receiptId)}`;
}

export function validReceiptKey(signing: Signing, receiptId: string, key: string | null): boolean {
  return key !== null && signing.verify(`receipt:${receiptId}`, key);
}

/** A payment call's receipt wording (issue 30): 宛名 and 但し書き, both optional. */
export const receiptWordingFields = {
  addressee: z.string().trim().max(60).optional(),
  proviso: z.string().trim().max(60).optional(),
};

/** The wording as the billing service takes it: an empty or absent field is none. */
export function receiptWordingOf(body: { addressee?: string | undefined; proviso?: string | undefined }) {
  return { addressee: body.addressee || null, proviso: body.proviso || null };
}

/** A paid receipt in a call's answer: its id, its number and the guest's link to it. */
export function receiptAnswer(signing: Signing, receipt: { receiptId: string; number: number }) {
  return { receipt_id: receipt.receiptId, receipt_number: receipt.number, receipt_url: receiptPath(signing, receipt.receiptId) };
}
