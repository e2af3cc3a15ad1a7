import { describe, expect, it } from 'vitest';
import { describeDetail } from '@moncafe/domain/reservation/detail';
import { cakeOptions } from '@moncafe/domain/testing/reservation-catalog';
import { dayStateOf, noticeTexts, optionLines, optionPictures, reviewOf } from './presentation';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const picture = 'a'.repeat(64);
const options = cakeOptions;

// Moved with the wording from domain/src/reservation/detail.unit.test.ts: the domain describes, the web app words.
describe('option lines', () => {
  it('describes choices by label, images as 画像あり, and unknown ids 4–10 by their fallback names', () => {
    expect(optionLines(describeDetail(options, { m1_4: 'tin', m1_10: png, m1_11: ['berry'] }))).toEqual([
      { label: 'ケースの種類', value: '缶（+300円）' },
      { label: 'プリント用画像', value: '画像あり' },
      { label: 'トッピング', value: 'いちご（+200円）' },
    ]);
    expect(optionLines(describeDetail([], { m9_6: '赤', m9_9: 'コーヒー' }))).toEqual([
      { label: 'リボンの色', value: '赤' },
      { label: 'ドリンクの種類', value: 'コーヒー' },
    ]);
  });

  it('lists the pictures kept in the blob store, not the ones an old event held inline', () => {
    expect(optionPictures(describeDetail(options, { m1_10: picture }))).toEqual([{ label: 'プリント用画像', imageId: picture }]);
    expect(optionPictures(describeDetail(options, { m1_10: png }))).toEqual([]);
  });

  it('words notices as title：content, and falls back to the two default notices', () => {
    expect(
      noticeTexts([
        { title: '駐車場', content: 'ありません' },
        { title: '', content: '現金のみ' },
      ]),
    ).toEqual(['駐車場：ありません', '現金のみ']);
    expect(noticeTexts([])).toEqual(['キャンセル後の取り消しはできません。', 'またのご予約を心よりお待ちしております。']);
  });
});

describe('the review before sending', () => {
  it('lists course subtotals and the visible options with their prices, and totals them as the booking service does', () => {
    const cart = [
      { menu_id: 'm1', name: 'ケーキコース', price: 3000, quantity: 2 },
      { menu_id: 'm2', name: 'ランチ', price: 1100, quantity: 1 },
    ];
    // 8 (the message) is hidden without a tin, so what was typed there counts for nothing.
    const dependencies = [{ menuId: 'm1', parentOptionId: '4', childOptionId: '8', parentValue: null, parentChoiceValue: 'tin', isShow: 1 as const }];
    const review = reviewOf(cart, { options, dependencies }, { m1_11: ['berry'], m1_4: 'box', m1_8: '消える' });
    expect(review.lines).toEqual([
      { menuId: 'm1', name: 'ケーキコース', quantity: 2, subtotal: 6000 },
      { menuId: 'm2', name: 'ランチ', quantity: 1, subtotal: 1100 },
    ]);
    expect(review.options.map((o) => o.label)).toEqual(['ケースの種類', 'トッピング']);
    expect(review.optionsPrice).toBe(200);
    expect(review.total).toBe(7300);
  });
});

describe('a day of the booking calendar', () => {
  const facts = { today: '2026-12-10', minDate: '2026-12-13', available: new Set(['2026-12-14', '2026-12-12']) };
  it('is closed, past, too late for the course, full or available, in that order of reasons', () => {
    expect(dayStateOf({ date: '2026-12-16', isClosed: true }, facts)).toBe('closed');
    expect(dayStateOf({ date: '2026-12-09', isClosed: false }, facts)).toBe('past');
    expect(dayStateOf({ date: '2026-12-12', isClosed: false }, facts)).toBe('too_late');
    expect(dayStateOf({ date: '2026-12-10', isClosed: false }, facts)).toBe('too_late');
    expect(dayStateOf({ date: '2026-12-15', isClosed: false }, facts)).toBe('full');
    expect(dayStateOf({ date: '2026-12-14', isClosed: false }, facts)).toBe('available');
  });
});
