import { reservationTexts } from './texts';

/**
 * The browser side of the reservation calls: JSON with credentials, the spec's 429 message, and
 * the spec's 502 rule (three or more consecutive errors on one URL within 5 seconds).
 */
export interface CallResult<T> {
  ok: boolean;
  status: number;
  body: T;
  /** The message the screen shows when the call failed in a way the spec names. */
  message: string | null;
}

const recent502 = new Map<string, number[]>();

function record502(url: string, now: number): boolean {
  const times = (recent502.get(url) ?? []).filter((t) => now - t < 5_000);
  times.push(now);
  recent502.set(url, times);
  return times.length >= 3;
}

export async function callJson<T = Record<string, unknown>>(url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<CallResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (error) {
    console.warn('call failed', url, error);
    return { ok: false, status: 0, body: {} as T, message: null };
  }
  const body = (await response.json().catch(() => ({}))) as T;
  if (response.status === 429) {
    console.warn('rate limited', url);
    return { ok: false, status: 429, body, message: reservationTexts.tooManyRequests };
  }
  if (response.status === 502) {
    const many = record502(url, Date.now());
    return { ok: false, status: 502, body, message: many ? reservationTexts.badGateway : null };
  }
  recent502.delete(url);
  return { ok: response.ok, status: response.status, body, message: null };
}
