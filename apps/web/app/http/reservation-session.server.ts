import { randomBytes } from 'node:crypto';

/**
 * The reservation session: one random id per browser, in an HttpOnly cookie, that owns its seat
 * hold and the pictures it uploads. Calls reach it as `reservationSession()` (json.server.ts),
 * which sets the cookie on the answer when the browser had none.
 */
export const RESERVATION_SESSION_COOKIE = 'moncafe_rsv';

export function readReservationSession(request: Request): { id: string; setCookie: string | null } {
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${RESERVATION_SESSION_COOKIE}=([A-Za-z0-9_-]{22,64})`).exec(cookie);
  if (match?.[1]) return { id: match[1], setCookie: null };
  const id = randomBytes(16).toString('base64url');
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return { id, setCookie: `${RESERVATION_SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure}` };
}

/** The session's id when the browser already has one (a read never makes one). */
export function existingReservationSession(request: Request): string | null {
  const session = readReservationSession(request);
  return session.setCookie ? null : session.id;
}
