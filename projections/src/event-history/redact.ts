/**
 * Secrets never reach the history screen (decision 140): password hashes, sealed supplier passwords
 * (decision 083), token hashes of confirmation links and visits. Any string under a key that names
 * one of these is replaced, at any depth; everything else is shown as it was recorded.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /password|passwd|secret|token|hash|sealed|credential/i;

/** `value` with every secret replaced; the very same value when it holds none (most events), so a rebuild copies nothing. */
export function redactSecrets(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const redacted = redactSecrets(value[i]);
      if (redacted !== value[i]) (copy ??= [...value])[i] = redacted;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const v = record[key];
    const redacted = SECRET_KEY.test(key) && typeof v === 'string' ? REDACTED : redactSecrets(v);
    if (redacted !== v) (copy ??= { ...record })[key] = redacted;
  }
  return copy ?? record;
}
