import type { CallAnswer } from './send-order';

/**
 * The table-order screens' calls: JSON with credentials, never cached (orders, stock and bills
 * change by the minute), and the guest's token as `Authorization: Bearer` when given. A network
 * failure answers status 0, so a screen can tell "cannot reach the server" from a refusal.
 */
export async function tableCall<T = CallAnswer['body']>(
  url: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T & CallAnswer['body'] }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
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
