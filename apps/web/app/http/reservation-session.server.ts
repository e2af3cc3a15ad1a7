import { randomBytes } from 'node:crypto';
import { SESSION_MINUTES } from '@moncafe/domain/seating/decider';
import { readCookie } from '@moncafe/infra/auth/sessions';
import type { Signing } from '@moncafe/infra/auth/signing';
import type { Config } from '@moncafe/infra/config';

/**
 * The reservation session: one random id per browser, in an HttpOnly cookie, that owns its seat
 * hold and the pictures it uploads. Calls reach it as `reservationSession()` (json.server.ts),
 * which sets the cookie on the answer when the browser had none.
 *
 * Its visit of the day screen: the day screen's loader signs when the session's visit began
 * (`beginVisit`), in a second cookie that lasts the session's 5 minutes. A guest always comes
 * through that screen and never notices; a script calling allocate-seat straight away has no
 * visit, and once its address holds a party's worth of seats it must make one per session
 * (docs/decisions/050). The visit is also where the server, not the browser, says when the
 * session began: no hold of it outlives its 5 minutes.
 */
export const RESERVATION_SESSION_COOKIE = 'moncafe_rsv';
export const VISIT_COOKIE = 'moncafe_rsv_visit';

const SESSION_MS = SESSION_MINUTES * 60_000;

/** Cookies are `Secure` in production and whenever the public address is https (behind a TLS proxy the request itself is http). */
export function secureCookies(config: Pick<Config, 'production' | 'publicUrl'>): boolean {
  return config.production || config.publicUrl.startsWith('https:');
}

const attributes = (secure: boolean, maxAgeSeconds: number) => `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;

export function readReservationSession(request: Request, options: { secure: boolean }): { id: string; setCookie: string | null } {
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${RESERVATION_SESSION_COOKIE}=([A-Za-z0-9_-]{22,64})`).exec(cookie);
  if (match?.[1]) return { id: match[1], setCookie: null };
  const id = randomBytes(16).toString('base64url');
  return { id, setCookie: `${RESERVATION_SESSION_COOKIE}=${id}; ${attributes(options.secure, 86400)}` };
}

/** The session's id when the browser already has one (a read never makes one). */
export function existingReservationSession(request: Request): string | null {
  const session = readReservationSession(request, { secure: false });
  return session.setCookie ? null : session.id;
}

const visitText = (sessionId: string, startedAtMs: number) => `visit:${sessionId}:${startedAtMs}`;

/** When the session's visit of the day screen began: only a visit signed for this session, and within its 5 minutes. */
export function liveVisit(request: Request, sessionId: string, now: Date, signing: Signing): Date | null {
  const value = readCookie(request.headers.get('cookie'), VISIT_COOKIE);
  const match = value ? /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(value) : null;
  if (!match) return null;
  const startedAt = Number(match[1]);
  if (!signing.verify(visitText(sessionId, startedAt), match[2]!)) return null;
  return startedAt <= now.getTime() && now.getTime() < startedAt + SESSION_MS ? new Date(startedAt) : null;
}

/**
 * The day screen's loader: the reservation session (made when missing) and its visit, begun now
 * unless one is live (coming back to the screen within the 5 minutes does not start them again).
 * Returns the Set-Cookie values to send.
 */
export function beginVisit(request: Request, deps: { signing: Signing; now: Date; secure: boolean }): string[] {
  const session = readReservationSession(request, { secure: deps.secure });
  const cookies = session.setCookie ? [session.setCookie] : [];
  if (liveVisit(request, session.id, deps.now, deps.signing)) return cookies;
  const startedAt = deps.now.getTime();
  const value = `${startedAt}.${deps.signing.sign(visitText(session.id, startedAt))}`;
  return [...cookies, `${VISIT_COOKIE}=${value}; ${attributes(deps.secure, SESSION_MS / 1000)}`];
}

/**
 * A keyed digest of the client's address for the per-client hold line: IPv6 addresses count by
 * their /64 network (one subscriber's block), and the digest cannot be turned back into the
 * address without the secret, so events keep no address.
 */
export function clientKeyOf(address: string | null, signing: Signing): string | null {
  if (!address) return null;
  return signing.sign(`client:${networkOf(address)}`);
}

function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}
