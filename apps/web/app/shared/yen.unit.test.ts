import { describe, expect, it } from 'vitest';
import { formatYen, yenAmount } from './yen';

describe('price', () => {
  it('shows yen with thousands separators', () => {
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(480)).toBe('¥480');
    expect(formatYen(1200)).toBe('¥1,200');
    expect(formatYen(1234567)).toBe('¥1,234,567');
    expect(formatYen(999.6)).toBe('¥1,000');
  });

  it('writes reservation amounts as 円 with the same separators', () => {
    expect(yenAmount(5800)).toBe('5,800円');
    expect(yenAmount(300)).toBe('300円');
  });
});
