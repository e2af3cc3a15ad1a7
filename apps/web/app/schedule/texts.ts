import type { FloorStatus, PaymentMethod } from '@moncafe/domain/reservation/events';

/**
 * Japanese texts of the monitor reservation schedule (/monitor/reservation) and its calls. The
 * spec's own words (operations.md §2, §5, §8) are marked 「spec」 and kept character for
 * character; the rest is worded here (decision 110).
 */
export const scheduleTexts = {
  title: '予約スケジュール',
  /** 「spec」 §2: the seats notice. */
  seatReserved: 'この席は予約された席です',
  /** 「spec」 §5: party larger than the seat. */
  overCapacity: '定員オーバーです',
  /** 「spec」 §5: overlaps another reservation on that seat. */
  overlap: '他の予約と重なります',
  /** 「spec」 §8: update failure. */
  updateFailed: '更新に失敗しました',
  outsideHours: '営業時間外には移動できません',
  offStep: '5分単位で指定してください',
  notBooked: 'この予約はまだ席が確定していないため移動できません（確認メール待ち）',
  ended: '終了またはキャンセル済みの予約は変更できません',
  notFound: '予約が見つかりません',
  unknownSeat: '座席が見つかりません',
  adminOnly: 'ステータスの変更は管理者のみ行えます',
  courseFixed: 'コースとオプションはここでは変更できません',
  changedElsewhere: '他の端末で変更されたため、最新の状態を表示しています',
  date: '日付',
  prevDay: '前日',
  nextDay: '翌日',
  today: '今日',
  loading: '読み込み中...',
  loadFailed: '予約の取得に失敗しました',
  retry: '再読み込み',
  noReservations: 'この日の予約はありません',
  live: 'リアルタイム更新中',
  offline: '接続が切れています（5分ごとに更新します）',
  seat: '座席',
  capacity: (n: number) => `定員${n}名`,
  dayList: 'この日の予約一覧',
  time: '時間',
  name: 'お名前',
  people: '人数',
  peopleCount: (n: number) => `${n}名`,
  status: 'ステータス',
  course: 'コース',
  options: 'オプション',
  seats: '座席',
  phone: '電話番号',
  email: 'メール',
  price: '金額',
  number: '予約番号',
  walkIn: 'QR来店（予約なし）',
  noName: '（名前なし）',
  unconfirmedMail: 'メール確認待ち',
  overdue: '超過',
  exitedAt: (time: string) => `${time} 退店`,
  /** The block's name for screen readers and the drag announcements. */
  blockLabel: (name: string, time: string, people: number, seat: string) => `${name} ${time} ${people}名 ${seat}`,
  blockHelp: 'Enterで詳細、スペースで持ち上げて矢印キーで移動（左右5分・上下で座席）、もう一度スペースで確定、Escで取り消し',
  confirmMove: (name: string, from: string, to: string) => `${name}様の予約を移動しますか？\n${from} → ${to}`,
  confirmYes: '移動する',
  confirmNo: 'キャンセル',
  moving: '移動しています...',
  moved: '移動しました',
  detailTitle: '予約詳細',
  close: '閉じる',
  setStatus: 'ステータスを変更',
  statusSaved: 'ステータスを更新しました',
  confirmStatus: (label: string) => `ステータスを「${label}」に変更しますか？`,
  failureDetail: (details: string, code: string) => `${details}（コード: ${code}）`,
  grant: '位置情報なしの注文を15分許可',
  granted: (until: string) => `${until}まで位置情報なしで注文できます`,
  grantFailed: '許可できませんでした',
  moveDay: '別の日・時間・座席に変更',
  moveDate: '日付',
  moveTime: '時間',
  moveSeat: '座席',
  movePeople: '人数',
  moveSubmit: '変更する',
  history: '履歴',
  noHistory: '履歴はありません',
  by: (who: string) => `${who}`,
  customerActor: 'お客様',
  systemActor: 'システム',
  staffActor: 'スタッフ',
  pictureAlt: (label: string) => `${label}の画像`,
  pictureMissing: '（画像なし）',
  checkout: '会計へ',
} as const;

export const statusLabels: Record<FloorStatus | 'unset', string> = {
  web: 'WEB予約',
  guest: 'QR',
  confirmed: '来店済み',
  exited: '退店済み',
  cancelled: 'キャンセル',
  unset: '未設定',
};

export const paymentLabels: Record<PaymentMethod, string> = { cash: '現金', credit: 'クレジット', electronic: '電子マネー', qr: 'QR決済' };

/** One history line's words (the entries come from domain/src/reservation/history.ts). */
export const historyTexts = {
  created: (where: string) => `予約作成 ${where}`,
  createdWalkIn: (where: string) => `QRチェックイン（予約なし） ${where}`,
  confirmed: '予約確定（メール確認）',
  moved: (from: string, to: string) => `移動 ${from} → ${to}`,
  status: (from: string, to: string) => `ステータス変更 ${from} → ${to}`,
  checkedIn: (seat: string, people: number) => `チェックイン ${seat} ${people}名`,
  waived: (minutes: number) => `位置情報なしの注文を${minutes}分許可`,
  checkedOut: (payment: string | null, minutes: number) => `会計・退店${payment ? `（${payment}）` : ''} 滞在${minutes}分`,
  cancelled: (by: string, reason: string) => `キャンセル（${by}）${reason ? `：${reason}` : ''}`,
  byCustomer: 'お客様',
  byStaff: 'スタッフ',
} as const;
