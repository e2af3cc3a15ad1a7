import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { localizedGuestMarks } from '#app/table-order/texts';
import { PriceTag } from './price-tag';
import { formatYen, yenAmount } from './yen';

/** Decision 518's form: the price with tax eaten in, and the takeaway price after it where it differs. */
describe('a price as a guest sees it', () => {
  const tag = (eatIn: number, takeout: number, yen: (n: number) => string, language: 'ja' | 'en' = 'ja') =>
    renderToStaticMarkup(createElement(PriceTag, { eatIn, takeout, yen, takeoutLabel: localizedGuestMarks[language].takeoutPrice })).replace(/<[^>]+>/g, '');

  it('names the takeaway price beside the eat-in one where they differ', () => {
    expect(tag(550, 540, yenAmount)).toBe('550円（お持ち帰り 540円）');
    expect(tag(550, 540, formatYen)).toBe('¥550（お持ち帰り ¥540）');
    expect(tag(550, 540, formatYen, 'en')).toBe('¥550 (takeaway ¥540)');
  });

  it('shows one price where both are the same', () => {
    expect(tag(4800, 4800, yenAmount)).toBe('4,800円');
  });
});
