/**
 * Text the product can store and show. PostgreSQL's jsonb refuses U+0000, and an unpaired
 * surrogate is not text at all (it cannot be written as UTF-8): a string carrying either is
 * refused wherever it enters, at the HTTP edge for every call (apps/web/app/http/json.server.ts,
 * one string schema in apps/web/app/http/text-schema.ts) and again by a use case before its first
 * append, so no command is half written because a later write refused its text
 * (decision 054).
 */
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls and DEL other than line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

/** C1 controls (U+0080–U+009F), which no keyboard types. */
const C1_CONTROL = /[\u0080-\u009F]/;
/** Line breaks of every kind: CR, LF, NEL, the line and paragraph separators. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
/** Bidi embeddings and overrides (U+202A–202E) and isolates (U+2066–2069): they turn the text after them around on screen. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export function isStorableText(value: string): boolean {
  return !NUL.test(value) && !UNPAIRED_SURROGATE.test(value);
}

/** Storable, with no control characters but line breaks (a tab, an escape, a bell are refused). */
export function isPlainText(value: string): boolean {
  return isStorableText(value) && !CONTROL.test(value);
}

/** Text without bidi embeddings, overrides or isolates, which would show a name or a mail reversed. */
export function hasNoBidiControls(value: string): boolean {
  return !BIDI_CONTROL.test(value);
}

/**
 * A name as the product shows it in lists, tickets, mails and CSV rows: plain text on one line
 * (no CR/LF or other line break, no control character) with no bidi controls. Every name an admin
 * types and every one-line text of the calls is one (docs/security.md; decision 161).
 */
export function isOneLineName(value: string): boolean {
  return isPlainText(value) && !C1_CONTROL.test(value) && !LINE_BREAK.test(value) && hasNoBidiControls(value);
}

/**
 * A phone number as staff type one: digits with the separators people write (hyphen, space,
 * parentheses, a leading +), one line, at most 30 characters. Letters, line breaks and control
 * characters are no phone number, and a phone is printed on tickets and CSV rows.
 */
export function isPhoneText(value: string): boolean {
  return /^\+?[0-9()\- ]{0,30}$/.test(value) && value.length <= 30;
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
