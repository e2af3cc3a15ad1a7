import { describe, expect, it } from 'vitest';
import { isOneLineName, isPhoneText } from './text';

describe('one-line text and phones', () => {
  it('refuses line breaks, control characters and bidi controls in a one-line name', () => {
    expect(isOneLineName('山田 花子')).toBe(true);
    for (const bad of ['a\r\nBcc: x@example.jp', 'a\nb', 'a\rb', 'a\u0085b', 'a\u2028b', 'a\tb', 'a\u0007b', '\u202Eabc', 'a\u2066b\u2069'])
      expect(isOneLineName(bad), JSON.stringify(bad)).toBe(false);
  });

  it('takes only phone characters in a phone', () => {
    for (const good of ['', '090-1234-5678', '03 1234 5678', '(03)1234-5678', '+81-90-1234-5678']) expect(isPhoneText(good), good).toBe(true);
    for (const bad of ['abc', '090-1234-5678\r\nBcc: x', '０９０', '090+1234', '1'.repeat(31), '\u202E090'])
      expect(isPhoneText(bad), JSON.stringify(bad)).toBe(false);
  });
});
