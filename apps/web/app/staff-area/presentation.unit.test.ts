import { describe, expect, it } from 'vitest';
import { dayLabel, hhmm, orDash, shortLink, tokyoDateTimeLabel } from './presentation';

describe('staff area presentation', () => {
  it('labels days with the weekday and colours holidays from the holiday table', () => {
    expect(dayLabel('2026-08-03')).toEqual({ label: '8/3（月）', type: 'weekday', holiday: null });
    expect(dayLabel('2026-08-11')).toEqual({ label: '8/11（火）', type: 'holiday', holiday: '山の日' });
    expect(dayLabel('2026-08-01').type).toBe('saturday');
  });
  it('shows times as HH:mm and instants in Tokyo time', () => {
    expect(hhmm('09:30:00')).toBe('09:30');
    expect(hhmm(null)).toBe('');
    expect(tokyoDateTimeLabel('2026-08-02T15:30:00.000Z')).toBe('2026/08/03 00:30');
  });
  it('cuts links at 30 characters with an ellipsis, and shows a dash for nothing', () => {
    expect(shortLink('https://example.com/a')).toBe('https://example.com/a');
    expect(shortLink('https://shop.example.com/products/coffee-beans-1kg')).toBe('https://shop.example.com/produ…');
    expect(orDash('')).toBe('-');
    expect(orDash(null)).toBe('-');
    expect(orDash('moncafe')).toBe('moncafe');
  });
});
