/**
 * CSV as Excel opens it (decision 123): UTF-8 with a byte-order mark (so Japanese is read as
 * UTF-8), CRLF line ends, every field quoted when it holds a comma, quote or line break, quotes
 * doubled. A field starting with = + - @ (or a tab / CR), or with their full-width forms
 * ＝ ＋ － ＠ (which a Japanese spreadsheet reads as the same operators), is prefixed with an
 * apostrophe so a spreadsheet never runs it as a formula; plain numbers are left as they are.
 */
export const BOM = '\uFEFF';

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r＝＋－＠]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
