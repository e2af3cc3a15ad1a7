import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/** A loopback peer: 127.0.0.0/8, ::1, or an IPv4 loopback address written as IPv6. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Who may read /metrics (decision 177): a peer whose SOCKET address is loopback, or anyone with
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Never X-Forwarded-For.
 */
export function mayReadMetrics(socketAddress: string | undefined, authorization: string | undefined, token: string | undefined): boolean {
  if (isLoopback(socketAddress)) return true;
  if (!token) return false;
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
