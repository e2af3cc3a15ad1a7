import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Keyed signatures with the process's SESSION_SECRET, for small values the browser carries and
 * must not forge (the reservation session's visit of the day screen) and for keyed digests that
 * stand for personal data in events (a client's address), so neither can be made or reversed
 * without the secret.
 */
export interface Signing {
  /** A url-safe signature of `text` (128 bits). */
  sign(text: string): string;
  /** Whether `signature` is the signature of `text`, compared in constant time. */
  verify(text: string, signature: string): boolean;
}

export function hmacSigning(secret: string): Signing {
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);
  return {
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
