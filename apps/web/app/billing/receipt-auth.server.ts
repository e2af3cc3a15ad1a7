import type { ReceiptAuth } from '@moncafe/domain/billing/billing';
import type { CallInput } from '#app/http/json.server';
import { validReceiptKey } from './receipt-link.server';

/**
 * Who reads a receipt (decision 240): signed-in staff (admin or monitor), the guest link's key,
 * or a table-order token (the service checks it is the visit's own). Anyone else finds nothing.
 */
export async function receiptAuthOf(
  input: Pick<CallInput<unknown, unknown>, 'request' | 'user' | 'runtime'>,
  receiptId: string,
  key: string | null,
): Promise<ReceiptAuth> {
  const user = await input.user();
  if (user && (user.roles.includes('admin') || user.roles.includes('monitor'))) return { kind: 'staff' };
  if (validReceiptKey(input.runtime.signing, receiptId, key)) return { kind: 'link' };
  const bearer = /^Bearer\s+(\S+)$/i.exec(input.request.headers.get('authorization') ?? '');
  return { kind: 'token', token: bearer?.[1] ?? '' };
}
