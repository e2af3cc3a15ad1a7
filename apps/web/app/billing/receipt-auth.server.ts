import type { ReceiptAuth } from '@moncafe/domain/billing/billing-service';
import type { CallInput } from '#app/http/json.server';
import { bearerOf } from '#app/table-order/visit-auth.server';
import { validReceiptKey } from './receipt-link.server';

/**
 * Who reads a receipt (decision 240): a table-order token (the service checks it is the visit's
 * own) whatever the cookie says (decision 530), signed-in staff (admin or monitor), or the guest
 * link's key. Anyone else finds nothing.
 */
export async function receiptAuthOf(
  input: Pick<CallInput<unknown, unknown>, 'request' | 'user' | 'runtime'>,
  receiptId: string,
  key: string | null,
): Promise<ReceiptAuth> {
  const bearer = bearerOf(input.request);
  if (bearer !== null) return { kind: 'token', token: bearer };
  const user = await input.user();
  if (user && (user.roles.includes('admin') || user.roles.includes('monitor'))) return { kind: 'staff' };
  if (validReceiptKey(input.runtime.signing, receiptId, key)) return { kind: 'link' };
  return { kind: 'token', token: '' };
}
