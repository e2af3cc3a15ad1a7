/**
 * Secrets never reach the history screen (decision 140): password hashes, sealed supplier passwords
 * (decision 083), token hashes of confirmation links and visits. Any string under a key that names
 * one of these is replaced, at any depth; everything else is shown as it was recorded.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /password|passwd|secret|token|hash|sealed|credential/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, SECRET_KEY.test(key) && typeof v === 'string' ? REDACTED : redactSecrets(v)]),
  );
}
