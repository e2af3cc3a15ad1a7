import { newIdempotencyKey } from '#app/http/idempotency-key';
import type { CallAnswer } from './send-order';

/**
 * The table-order screens' calls: JSON with credentials, never cached (orders, stock and bills
 * change by the minute), and the guest's token as `Authorization: Bearer` when given. A call with
 * a body carries an Idempotency-Key (its own, or `idempotencyKey` for a resend). A network
 * failure answers status 0, so a screen can tell "cannot reach the server" from a refusal.
 */
export async function tableCall<T = CallAnswer['body']>(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; token?: string | null; headers?: Record<string, string>; idempotencyKey?: string } = {},
): Promise<{ status: number; body: T & CallAnswer['body'] }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // One key per user action (decision 260): a resend of the same action passes the key it was first sent with.
  if (options.body !== undefined && !headers['Idempotency-Key']) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      cache: 'no-store',
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const body = (await response.json().catch(() => ({}))) as T & CallAnswer['body'];
    return { status: response.status, body };
  } catch {
    return { status: 0, body: {} as T & CallAnswer['body'] };
  }
}
