import { describe, expect, it } from 'vitest';
import { describeDetail } from '@moncafe/domain/reservation/detail';
import { cakeOptions } from '@moncafe/domain/testing/reservation-catalog';
import { noticeTexts, optionLines, optionPictures } from './presentation';

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
