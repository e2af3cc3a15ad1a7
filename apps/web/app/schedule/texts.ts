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
  /** Decision 282: the guest's remarks (allergies …). */
  remarks: '備考',
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
  // No-shows (decision 156).
  notSeated: 'まだ来店していない予約は会計・退店にできません。来店がなかった場合は「無断キャンセル」にしてください',
  notStarted: '予約の時刻より前のため、この操作はできません',
  alreadySeated: '来店済みの予約は無断キャンセルにできません',
  notNoShow: 'この予約は無断キャンセルではありません',
  noShow: '無断キャンセルにする',
  noShowTitle: '無断キャンセルの確認',
  moveTitle: '予約の移動の確認',
  confirmNoShow: (name: string) => `${name}様の予約を無断キャンセル（来店なし）にしますか？席はすぐに空きます。`,
  noShowSaved: '無断キャンセルにしました',
  revertNoShow: '無断キャンセルを取り消す',
  revertReason: '取り消す理由',
  revertReasonRequired: '取り消す理由を入力してください',
  noShowReverted: '無断キャンセルを取り消しました（席は自動では戻りません）',
} as const;

export const statusLabels: Record<FloorStatus | 'unset', string> = {
  web: 'WEB予約',
  guest: 'QR',
  confirmed: '来店済み',
  exited: '退店済み',
  cancelled: 'キャンセル',
  no_show: '無断キャンセル',
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
  noShow: '無断キャンセル（来店なし）',
  noShowReverted: (reason: string) => `無断キャンセルを取り消し：${reason}`,
  /** Decision 370: this party took another in, or joined another. */
  mergedHost: '合流：ほかの組がこの組に合流',
  mergedJoined: '合流：この組がほかの組に合流',
  mergeUndone: '合流を取り消し（別々の組に戻す）',
  /** Decision 630: a booked course's count on the bill changed, or the course taken off it. */
  courseChanged: (from: number, to: number, reason: string) =>
    to === 0 ? `コースを会計から削除（${from}名分）：${reason}` : `コースの人数を変更 ${from}名 → ${to}名：${reason}`,
  byCustomer: 'お客様',
  byStaff: 'スタッフ',
} as const;
