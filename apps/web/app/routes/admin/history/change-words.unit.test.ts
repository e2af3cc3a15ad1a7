import { describe, expect, it } from 'vitest';
import { catalogChangeWords } from './change-words';

const blend = { store_id: '2', name: 'ブレンドコーヒー', price: 500, show_on_menu: true, description: '深煎り' };
const saved = (kind: string, data: Record<string, unknown>) => ({ kind, id: 'r1', data });

describe('a catalog change in the owner’s words', () => {
  it('names the item and both prices', () => {
    expect(catalogChangeWords('RecordSaved', saved('menu', { ...blend, price: 550 }), saved('menu', blend))).toBe(
      'メニュー『ブレンドコーヒー』の価格 500円 → 550円',
    );
  });
  it('lists every field that changed, and hides what is secret or an internal id', () => {
    const before = saved('supplier', { store_id: '2', supplier_name: '山田珈琲', login_id: 'yamada', password_sealed: 'x' });
    const after = saved('supplier', { store_id: '3', supplier_name: '山田珈琲', login_id: 'yamada2', password_sealed: 'y' });
    expect(catalogChangeWords('RecordSaved', after, before)).toBe('仕入れ先『山田珈琲』の店舗を変更、ログインID 「yamada」 → 「yamada2」、パスワードを変更');
  });
  it('says a first save adds, a removal removes, and words yes or no, dates and empty values', () => {
    expect(catalogChangeWords('RecordSaved', saved('menu', blend), null)).toBe('メニュー『ブレンドコーヒー』を追加');
    expect(catalogChangeWords('RecordRemoved', { kind: 'menu', id: 'r1' }, saved('menu', blend))).toBe('メニュー『ブレンドコーヒー』を削除');
    expect(catalogChangeWords('RecordSaved', saved('menu', { ...blend, show_on_menu: false }), saved('menu', blend))).toBe(
      'メニュー『ブレンドコーヒー』のメニューへの表示 あり → なし',
    );
    const day = { store_id: '2', rule: 'date', date: '2026-12-02', open_time: '10:00', close_time: null, is_closed: false };
    expect(catalogChangeWords('RecordSaved', saved('business-hours', { ...day, close_time: '18:00' }), saved('business-hours', day))).toBe(
      '営業時間（2026年12月2日（水））の閉店時刻 （なし） → 「18:00」',
    );
  });
  it('names a record without a name of its own by its kind', () => {
    expect(catalogChangeWords('RecordSaved', saved('tax', { store_id: '2', rate_percent: 8 }), saved('tax', { store_id: '2', rate_percent: 10 }))).toBe(
      '税率設定の標準税率（%） 10 → 8',
    );
  });
});
