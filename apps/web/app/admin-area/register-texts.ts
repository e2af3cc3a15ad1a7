import { formatDate } from '#app/i18n/language';

/**
 * The daily close (/admin/daily-close) and the sales screen (/admin/sales) with their CSV exports
 * (decisions 250–251): every Japanese word of these screens.
 */
export const moneyLabels = {
  paymentMethods: { cash: '現金', credit: 'クレジットカード', electronic: '電子マネー', qr: 'QR決済' } as Record<string, string>,
  categories: { drink: 'ドリンク', food: 'フード', dessert: 'デザート', other: 'その他' } as Record<string, string>,
  rate: (percent: number, reduced: boolean) => `${percent}%${reduced ? '（軽減税率）' : ''}`,
} as const;

export const dailyCloseTexts = {
  title: '日計・レジ締め',
  /** Decision 633: booked courses against what was billed, per reservation. */
  coursesTitle: 'ご予約コースの照合（予約額と請求額）',
  coursesHead: ['予約番号', '時刻', '予約額（税込）', '請求額（税込）', '差額'],
  coursesMatch: '一致',
  lead: '営業日の売上を集計し、レジの現金を数えて締めます。締めた日の売上が後から変わったときは、理由を添えて訂正を記録します。',
  day: '営業日',
  show: '表示',
  open: '未締め',
  closedOn: (at: string, by: string) => `締め済み（${at}・${by}）`,
  salesTitle: '売上',
  salesCount: '会計数',
  subtotal: '税抜金額',
  tax: '消費税',
  total: '売上合計（税込）',
  byMethodTitle: '支払方法別',
  method: '支払方法',
  count: '件数',
  amount: '金額',
  byRateTitle: '税率別',
  rate: '税率',
  taxable: '対象額（税抜）',
  byCategoryTitle: '分類別',
  category: '分類',
  quantity: '数量',
  guestsTitle: '客数・組数',
  guests: '客数',
  visits: '組数',
  voidsTitle: '取消',
  refundsTitle: '返金',
  /** Decision 642: the register's discounts by reason. */
  discountsTitle: '割引',
  /** Decision 648: the receipts corrected (訂正) by reason, with the corrected receipts' yen. */
  correctionsTitle: '訂正',
  reason: '理由',
  noneRecorded: '記録はありません。',
  reservationsTitle: '予約',
  booked: '予約',
  noShows: '無断キャンセル',
  cancelled: 'キャンセル',
  cashTitle: '現金',
  cashExpected: '現金の理論残高',
  cashExpectedLabel: '現金の理論残高：',
  // Decision 640: what the drawer took and gave back over the day's cash sales.
  cashTendered: 'お預かり合計',
  changeGiven: 'お釣り合計',
  cashCounted: '数えた現金',
  cashDifference: '過不足',
  note: 'メモ',
  review: '内容を確認',
  confirmTitle: '締めの確認',
  confirmLead: (day: string) => `${day}を次の内容で締めます。締めた後の売上の変更は、訂正として記録されます。`,
  confirmClose: '締める',
  /** Decision 516: what is still open is named before a close. */
  openTitle: 'まだ会計の済んでいない席と注文',
  openLead: '次の席と注文はまだ会計されていません。このまま締めると、締めた後の会計は訂正として記録します。',
  openVisit: (seats: string, people: number, since: string) => `${seats}（${people}名・${since}から着席中）`,
  unpaidOrder: (seats: string, amount: string, at: string) => `${seats}の注文 ${amount}（税抜・${at}）`,
  closeAnyway: 'このまま締める',
  back: '戻る',
  closed: (day: string) => `${day}を締めました。`,
  changedTitle: '締め後に売上が変わった日があります',
  changedLead: '訂正を記録するまで、次の締めはできません。',
  /** A closed day's figures that changed since (decision 516): one line each, before and now. */
  changedDayTitle: (day: string) => `${day}：締めた後に変わった数字`,
  changedFigure: (name: string, before: string, now: string) => `${name}：締めたとき ${before} → 現在 ${now}`,
  correctionReason: '訂正の理由',
  recordCorrection: '訂正を記録',
  corrected: '訂正を記録しました。',
  correctionsInCloseTitle: 'この締めに含まれる訂正',
  correctionsOfDayTitle: 'この日の訂正',
  correctionLine: (day: string, before: string, after: string, reason: string, by: string, at: string) =>
    `${day}：${before} → ${after}（${reason}・${by}・${at}）`,
  historyTitle: '最近の締め',
  closedAt: '締めた日時',
  closedBy: '担当',
  checkFields: '入力内容を確認してください。',
  errors: {
    already_closed: 'この営業日はすでに締めてあります。',
    future_date: 'まだ始まっていない営業日は締められません。',
    correction_needed: '締め後に売上が変わった日があります。先に訂正を記録してください。',
    open_at_close: 'まだ会計の済んでいない席か注文があります。確認の画面で内容を確かめてから締めてください。',
    not_closed: 'この営業日はまだ締めていません。',
    nothing_to_correct: '締めた売上から変わっていません。',
    reason_required: '訂正の理由を入力してください。',
  } as Record<string, string>,
  unknownAccount: '不明なアカウント',
} as const;

const countFigures = new Set(['count', 'quantity']);

/**
 * A figure's name on the close (its path from domain/src/register/figures.ts, decision 516) and its
 * number worded: yen for amounts, a plain number for counts.
 */
export function figureOf(path: string, value: number, yen: (n: number) => string): { name: string; value: string } {
  const t = dailyCloseTexts;
  const parts = path.split('.');
  const field = parts.at(-1)!;
  const shown = countFigures.has(field) || path === 'guests' ? String(value) : yen(value);
  const fields: Record<string, string> = { count: t.count, total: t.amount, amount: t.amount, quantity: t.quantity, taxable: t.taxable, tax: t.tax };
  const whole: Record<string, string> = {
    'sales.count': t.salesCount,
    'sales.subtotal': t.subtotal,
    'sales.tax': t.tax,
    'sales.total': t.total,
    guests: t.guests,
    cashExpected: t.cashExpected,
    'voids.count': `${t.voidsTitle} ${t.count}`,
    'voids.amount': `${t.voidsTitle} ${t.amount}`,
    'refunds.count': `${t.refundsTitle} ${t.count}`,
    'refunds.amount': `${t.refundsTitle} ${t.amount}`,
  };
  if (whole[path]) return { name: whole[path], value: shown };
  const [group, ...rest] = parts;
  const key = rest.slice(0, -1).join('.');
  const of = (label: string) => `${label} ${fields[field] ?? field}`;
  switch (group) {
    case 'byMethod':
      return { name: of(moneyLabels.paymentMethods[key] ?? key), value: shown };
    case 'byRate':
      return { name: of(moneyLabels.rate(Number.parseFloat(key), key.endsWith('r'))), value: shown };
    case 'byCategory':
      return { name: of(moneyLabels.categories[key] ?? key), value: shown };
    case 'voids':
      return { name: of(`${t.voidsTitle}（${key}）`), value: shown };
    case 'refunds':
      return { name: of(`${t.refundsTitle}（${key}）`), value: shown };
    default:
      return { name: path, value: shown };
  }
}

export const salesTexts = {
  title: '売上',
  /** Decision 408: the chosen store's figures or every store's together. */
  scopeLabel: '集計する店舗',
  scopes: { store: 'この店舗', all: '全店舗' } as Record<string, string>,
  lead: '期間の売上を日・週・月ごとに表示します。前の同じ長さの期間と比べられます。',
  from: '開始日',
  to: '終了日',
  grain: '単位',
  grains: { day: '日', week: '週', month: '月' } as Record<string, string>,
  show: '表示',
  totalsTitle: '期間の合計',
  total: '売上（税込）',
  count: '会計数',
  guests: '客数',
  perGuest: '客単価',
  previous: '前の期間',
  rangeLabel: (from: string, to: string) => `${formatDate(from, 'ja')}〜${formatDate(to, 'ja')}`,
  previousRangeLabel: (from: string, to: string) => `前の期間（${formatDate(from, 'ja')}〜${formatDate(to, 'ja')}）`,
  homeCounts: (count: number, guests: number, perGuest: string) => `会計数 ${count}・客数 ${guests}・客単価 ${perGuest}`,
  separator: '・',
  notClosedYet: '（今日は未締め）',
  change: '増減',
  changePercent: (percent: number | null) => (percent === null ? '—' : `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`),
  chartTitle: '売上の推移',
  chartLabel: (from: string, to: string) => `${from}〜${to}の売上の推移`,
  tableCaption: '売上の推移（表）',
  period: '期間',
  /** A bucket's label: a day `12/1`, a week from its Monday `12/1〜`, a month `2026年12月`. */
  bucketLabel: (grain: string, key: string) => {
    const [y, m, d] = key.split('-').map(Number) as [number, number, number | undefined];
    if (grain === 'month') return `${y}年${m}月`;
    return grain === 'week' ? `${m}/${d}〜` : `${m}/${d}`;
  },
  currentSeries: 'この期間',
  previousSeries: '前の期間',
  topItemsTitle: '売れ筋商品',
  item: '商品',
  quantity: '数量',
  amount: '金額（税抜）',
  byHourTitle: '時間帯別',
  hour: '時間帯',
  hourLabel: (hour: number) => `${hour}時台`,
  noSales: 'この期間の売上はありません。',
  exportsTitle: 'CSVダウンロード',
  exports: { 'sales-lines': '売上明細', receipts: '会計（レシート）', reservations: '予約', shifts: 'シフト・給与' } as Record<string, string>,
  invalidRange: '期間の指定が正しくありません。',
  homeTitle: '今月の売上',
  /** The admin home's 全店舗 view (decision 413): each open store's month beside the total. */
  homeStoresCaption: '店舗別の今月の売上',
  store: '店舗',
  todayClose: '今日の締め',
  closedToday: '締め済み',
  notClosedToday: '未締め',
  homeVsPrevious: (change: string) => `前の期間比 ${change}`,
  toSales: '売上を見る',
  toDailyClose: '日計・レジ締めへ',
} as const;

/** The CSV exports' header rows and file names. */
export const salesCsvTexts = {
  'sales-lines': ['営業日', '会計日時', '予約ID', '注文ID', '座席', '商品ID', '商品', '数量', '単価', '金額', '支払方法'],
  receipts: ['営業日', '発行日時', 'レシート番号', '種類', '取消元番号', '取消理由', '予約ID', '支払方法', '税率別（対象額/税）', '税抜金額', '消費税', '合計'],
  receiptKinds: { sale: '売上', cancellation: '取消（赤伝）', payment: '会計（レシート導入前）' } as Record<string, string>,
  reservations: [
    '予約日',
    '時刻',
    '予約番号',
    '予約ID',
    'お名前',
    '人数',
    '状況',
    '受付',
    '予約金額',
    '会計金額',
    'コース予約額（税込）',
    'コース請求額（税込）',
    'コース差額',
  ],
  shifts: ['日付', 'スタッフID', '氏名', '開始', '終了', '時間', '時給', '給与'],
  totalRow: '合計',
  /** The first column of an export for all stores together (decision 413). */
  store: '店舗',
  origins: { web: 'ウェブ', walk_in: '来店' } as Record<string, string>,
  statuses: { web: 'ウェブ予約', guest: 'QR', confirmed: '来店中', exited: '退店', cancelled: 'キャンセル', no_show: '無断キャンセル' } as Record<
    string,
    string
  >,
  fileName: (kind: string, from: string, to: string) => `${kind}-${from}_${to}.csv`,
} as const;
