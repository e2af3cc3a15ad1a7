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
