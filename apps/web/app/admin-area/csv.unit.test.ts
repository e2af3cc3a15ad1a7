import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, doubles quotes, and defuses formulas', () => {
    expect(csvField('カフェラテ')).toBe('カフェラテ');
    expect(csvField('ラテ, 大')).toBe('"ラテ, 大"');
    expect(csvField('"特製"ケーキ')).toBe('"""特製""ケーキ"');
    expect(csvField('一行目\n二行目')).toBe('"一行目\n二行目"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12')).toBe('-12');
    expect(csvField(1200)).toBe('1200');
    expect(csvField(null)).toBe('');
  });

  it('defuses every formula start, half-width and full-width, a tab and a CR', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      expect(csvField(`${start}HYPERLINK("https://evil.example")`).replace(/^"/, ''), JSON.stringify(start)).toMatch(/^'/);
    }
    expect(csvField('＝HYPERLINK("x")')).toBe(`"'＝HYPERLINK(""x"")"`);
    expect(csvField('＠SUM(A1)')).toBe(`'＠SUM(A1)`);
    // Text that merely contains one is left alone.
    expect(csvField('ラテ＝大')).toBe('ラテ＝大');
  });

  it('starts with a byte-order mark and ends rows with CRLF', () => {
    expect(
      csvDocument([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('\uFEFFa,1\r\nb,2\r\n');
  });
});
