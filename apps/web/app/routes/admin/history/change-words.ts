import type { CatalogKind } from '@moncafe/domain/catalog/registry';
import { formatDate } from '#app/i18n/language';
import { yenAmount } from '#app/shared/yen';

/**
 * A catalog change in the owner's words (decision 577): what kind of record, which one by its
 * name, and each field that changed with its value before and after —
 * 「メニュー『ブレンドコーヒー』の価格 500円 → 550円」. The history screen shows it on every
 * RecordSaved and RecordRemoved line.
 */

/** Every record kind as the owner names it; a new kind fails to compile until it is named here. */
export const kindLabels: Record<CatalogKind, string> = {
  store: '店舗',
  seat: '座席',
  menu: 'メニュー',
  'menu-option': 'メニューのオプション',
  'option-dependency': 'オプションの表示条件',
  'business-hours': '営業時間',
  'cost-line': '原価',
  'same-day-settings': '当日予約の設定',
  'homepage-card': 'ホームページのカード',
  notice: 'メールのお知らせ',
  disclaimer: '免責事項',
  'recruit-times': 'シフト募集の時間',
  'store-staff': '店舗のスタッフ',
  'checklist-task': '開店・閉店作業',
  'order-rule': '発注ルール',
  supplier: '仕入れ先',
  'purchase-item': '発注品',
  recipe: 'レシピ',
  'serve-method': '提供方法',
  tax: '税率設定',
  'order-limits': '注文の上限',
  'discount-presets': '割引の設定',
  'notification-settings': 'お知らせ設定',
  labour: '勤怠・人件費の設定',
};

/** The fields of every kind as their editors label them. A field not named here is 「その他の項目」. */
const fieldLabels: Record<string, string> = {
  name: '名前',
  postal_code: '郵便番号',
  address: '住所',
  phone: '電話番号',
  email: 'メールアドレス',
  access_note: 'アクセス案内',
  display_order: '表示順',
  latitude: '緯度',
  longitude: '経度',
  geofence_radius_m: '注文できる範囲（m）',
  table_check_in: '座席でのチェックイン',
  closed_on: '閉店日',
  store_id: '店舗',
  max_people: '最大人数',
  reservation_hold_minutes: '予約の確保時間（分）',
  is_reservable: '予約の受け付け',
  adjacent_seat_ids: '隣の座席',
  is_active: '表示',
  description: '説明',
  name_en: '英語の名前',
  description_en: '英語の説明',
  price: '価格',
  image_url: '画像',
  category: 'カテゴリー',
  show_on_menu: 'メニューへの表示',
  tax_category: '税区分',
  show_on_reservation: '予約での表示',
  show_on_order: '注文での表示',
  deadline_days_before: '締切（何日前）',
  deadline_time: '締切時刻',
  duration_minutes: '所要時間（分）',
  menu_id: 'メニュー',
  label: '名前',
  type: '種類',
  required: '必須',
  choices: '選択肢',
  parent_option_id: '条件のオプション',
  child_option_id: '表示するオプション',
  parent_value: '条件の値',
  parent_choice_value: '条件の選択肢',
  is_show: '表示',
  rule: '種類',
  weekday: '曜日',
  date: '日付',
  open_time: '開店時刻',
  close_time: '閉店時刻',
  is_closed: '休業',
  quantity: '数量',
  unit: '単位',
  unit_cost: '単価',
  is_enabled: '受け付け',
  card_type: 'カードの種類',
  link_url: 'リンク先',
  title: 'タイトル',
  title_en: '英語のタイトル',
  content: '内容',
  weekday_start: '平日の開始',
  weekday_end: '平日の終了',
  weekend_start: '週末の開始',
  weekend_end: '週末の終了',
  interval_minutes: '間隔（分）',
  account_id: 'スタッフ',
  wage: '時給',
  list: '一覧',
  task_text: '作業',
  rule_content: 'ルール',
  supplier_name: '仕入れ先',
  login_id: 'ログインID',
  password_sealed: 'パスワード',
  supplier: '仕入れ先',
  product_name: '商品名',
  purchase_url: '購入先',
  notes: 'メモ',
  cooking_time: '調理時間',
  ingredients: '材料',
  photos: '写真',
  steps: '手順',
  rate_percent: '標準税率（%）',
  rounding: '端数処理',
  prices_include_tax: '税込価格',
  reduced_rate_percent: '軽減税率（%）',
  next_rates: '税率の改定',
  issuer_name: '発行者名',
  registration_number: '登録番号',
  per_visit_per_minute: '1組の毎分の注文数',
  per_token_per_minute: '1台の毎分の注文数',
  lines_per_person: '1人あたりの品数',
  quantity_per_person: '1人あたりの数量',
  staff_above_yen: 'スタッフ確認の金額',
  ticket_warn_minutes: '注意の時間（分）',
  ticket_late_minutes: '遅れの時間（分）',
  recipients: '宛先',
  low_stock_threshold: '在庫少の基準',
  guest_reminders: 'お客様へのリマインド',
  reminder_hour: 'リマインドの時刻',
};
const OTHER_FIELD = 'その他の項目';

/** Fields whose values are yen. */
const YEN_FIELDS = new Set(['price', 'unit_cost', 'wage', 'staff_above_yen']);
/** Fields whose values are never shown: secrets, and other records' internal ids. */
const HIDDEN_VALUES = new Set([
  'password_sealed',
  'store_id',
  'menu_id',
  'account_id',
  'parent_option_id',
  'child_option_id',
  'adjacent_seat_ids',
  'image_url',
  'photos',
]);
/** Where a record's own name is, in the order looked for. */
const NAME_FIELDS = ['name', 'label', 'title', 'task_text', 'product_name', 'supplier_name', 'rule_content'];
const WEEKDAYS = '日月火水木金土';
const LONGEST_VALUE = 30;

type Data = Record<string, unknown>;

export const changeTexts = {
  none: '（なし）',
  yes: 'あり',
  no: 'なし',
  items: (n: number) => `${n}件`,
  weekday: (day: number) => `${WEEKDAYS[day] ?? ''}曜日`,
  holiday: '祝日',
  added: (what: string) => `${what}を追加`,
  removed: (what: string) => `${what}を削除`,
  savedUnchanged: (what: string) => `${what}を保存（変更なし）`,
  changed: (what: string, fields: string[]) => `${what}の${fields.join('、')}`,
  changedField: (field: string, before: string, after: string) => `${field} ${before} → ${after}`,
  changedHidden: (field: string) => `${field}を変更`,
} as const;

function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return changeTexts.none;
  if (typeof value === 'boolean') return value ? changeTexts.yes : changeTexts.no;
  if (typeof value === 'number') return YEN_FIELDS.has(field) ? yenAmount(value) : value.toLocaleString('ja-JP');
  if (Array.isArray(value)) return changeTexts.items(value.length);
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value, 'ja');
    const oneLine = value.replace(/\s+/g, ' ').trim();
    return oneLine.length > LONGEST_VALUE ? `「${oneLine.slice(0, LONGEST_VALUE)}…」` : `「${oneLine}」`;
  }
  return changeTexts.items(Object.keys(value as object).length);
}

/** 「メニュー『ブレンドコーヒー』」, or the kind alone for a record without a name of its own (税率設定). */
function recordWords(kind: string, data: Data | null): string {
  const label = kindLabels[kind as CatalogKind] ?? OTHER_FIELD;
  const name = NAME_FIELDS.map((f) => data?.[f]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (name) return `${label}『${name.length > LONGEST_VALUE ? `${name.slice(0, LONGEST_VALUE)}…` : name}』`;
  if (kind === 'business-hours' && data) {
    const day =
      data.rule === 'weekday' ? changeTexts.weekday(Number(data.weekday)) : data.rule === 'holiday' ? changeTexts.holiday : formatDate(String(data.date), 'ja');
    return `${label}（${day}）`;
  }
  return label;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The words of one catalog event. `event` is the event's envelope ({kind, id, data} for a save,
 * {kind, id} for a removal); `previous`, the record's event before it (null for its first).
 */
export function catalogChangeWords(type: string, event: unknown, previous: unknown): string | null {
  const envelope = event as { kind?: string; data?: Data } | null;
  if (!envelope?.kind) return null;
  const before = previous && (previous as { data?: Data }).data ? ((previous as { data: Data }).data ?? null) : null;
  if (type === 'RecordRemoved') return changeTexts.removed(recordWords(envelope.kind, before));
  if (type !== 'RecordSaved' || !envelope.data) return null;
  const after = envelope.data;
  const what = recordWords(envelope.kind, after);
  if (!before) return changeTexts.added(what);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !same(before[f], after[f]));
  if (fields.length === 0) return changeTexts.savedUnchanged(what);
  const words = fields.map((f) => {
    const field = fieldLabels[f] ?? OTHER_FIELD;
    return HIDDEN_VALUES.has(f) ? changeTexts.changedHidden(field) : changeTexts.changedField(field, valueWords(f, before[f]), valueWords(f, after[f]));
  });
  return changeTexts.changed(what, words);
}
