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

/**
 * `secrets` newest first (SESSION_SECRET's comma-separated list, decision 178): the first signs,
 * every one verifies, so a rotation invalidates nothing signed before it. Keyed digests (a
 * client's address) follow the first secret: per-client counters start again after a rotation.
 */
export function hmacSigning(secrets: string | readonly string[]): Signing {
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  if (keys.length === 0) throw new Error('hmacSigning needs a secret');
  const signWith = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
  return {
    sign: (text) => signWith(keys[0]!, text),
    verify(text, signature) {
      const given = Buffer.from(signature);
      // Every key is tried, so the time taken does not tell which one matched.
      let valid = false;
      for (const key of keys) {
        const expected = Buffer.from(signWith(key, text));
        if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
      }
      return valid;
    },
  };
}
