import type { MiddlewareFunction } from 'react-router';
import { readCookie } from '@moncafe/infra/auth/sessions';
import type { Signing } from '@moncafe/infra/auth/signing';
import { getRuntime } from '#app/context';

/**
 * Read-your-writes carried by the reader (decision 483). A command the dinner rush sends many of
 * (the guest's order) answers once its events are stored, without waiting for the read models;
 * its answer sets a short cookie with the stored position, signed. Every later request of that
 * browser (the phone, the staff tablet, a test's cookie-keeping client) waits, before its loader
 * or call runs, until the read models hold that position: the read right after an order still
 * finds the order, and the order itself no longer waits for 25 read models that its answer does
 * not show.
 *
 * The position is a claim: only a position this server signed is waited for (a made-up or larger
 * one is ignored), and the wait is the runtime's bounded one (a slow projector makes the read
 * stale, never failed). Any position a signature covers was already stored when it was signed.
 */
export const READ_AFTER_COOKIE = 'moncafe_read_after';

/**
 * How long the cookie lives: longer than the read-your-writes wait's bound (5 s), so a read that
 * follows an order while the read models are slow still waits; after it, the cookie is gone and
 * reads cost nothing more.
 */
export const READ_AFTER_SECONDS = 10;

const signedText = (position: number) => `read-after:${position}`;

/** The Set-Cookie value that makes this browser's next reads wait for `position`. */
export function readAfterCookie(position: number, deps: { signing: Signing; secure: boolean }): string {
  const value = `${position}.${deps.signing.sign(signedText(position))}`;
  return `${READ_AFTER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${READ_AFTER_SECONDS}${deps.secure ? '; Secure' : ''}`;
}

/** The position a request's cookie asks its reads to wait for, when this server signed it; else null. */
export function readAfterPosition(request: Request, signing: Signing): number | null {
  const value = readCookie(request.headers.get('cookie'), READ_AFTER_COOKIE);
  const match = value ? /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(value) : null;
  if (!match) return null;
  const position = Number(match[1]);
  return signing.verify(signedText(position), match[2]!) ? position : null;
}

/** Waits, before a request's loader or call, for the position its cookie names (see above). */
export const readAfterWrites: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const runtime = getRuntime(context);
  const position = readAfterPosition(request, runtime.signing);
  if (position !== null) await runtime.waitForProjections(position);
  return next();
};
