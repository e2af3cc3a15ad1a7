/**
 * Text the product can store and show. PostgreSQL's jsonb refuses U+0000, and an unpaired
 * surrogate is not text at all (it cannot be written as UTF-8): a string carrying either is
 * refused wherever it enters, at the HTTP edge for every call (apps/web/app/http/json.server.ts,
 * one string schema in apps/web/app/http/text-schema.ts) and again by a use case before its first
 * append, so no command is half written because a later write refused its text
 * (docs/security.md, finding 9).
 */
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls and DEL other than line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

export function isStorableText(value: string): boolean {
  return !NUL.test(value) && !UNPAIRED_SURROGATE.test(value);
}

/** Storable, with no control characters but line breaks (a tab, an escape, a bell are refused). */
export function isPlainText(value: string): boolean {
  return isStorableText(value) && !CONTROL.test(value);
}

/** How many lines a text has (a trailing line break does not start one). */
export function lineCount(value: string): number {
  return value.replace(/\r?\n$/, '').split(/\r\n|\r|\n/).length;
}

/** The first string (a value or an object key) in `value` that is not storable text, or null. */
export function unstorableTextIn(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : value;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return key;
    const found = unstorableTextIn(inner, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
